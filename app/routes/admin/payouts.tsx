import { data, Form, useActionData, useNavigation } from "react-router";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { requireRole } from "~/platform/auth/session.server";
import {
  FormNotice,
  SubmitButton,
  TextAreaField,
  TextField,
  sectionClass,
  secondaryButtonClass,
} from "~/components/form-controls";
import {
  CreatePayoutBatchFormSchema,
  MarkPayoutFailedFormSchema,
  PAYOUT_FAILURE_REASON_MAX,
  PayoutsActionSchema,
  PAYOUT_FILTER_STATUSES,
  PayoutBatchesQuerySchema,
} from "~/features/earnings/earnings.schema";
import {
  createPayoutBatch,
  listPayoutBatches,
  listPendingEarnings,
  markBatchPaid,
  markPayoutFailed,
  markPayoutPaid,
  type PayoutView,
} from "~/features/earnings/payouts.server";
import { isStripeConfigured } from "~/features/payments/stripe-client.server";
import { formatMoney } from "~/utils/money";
import { getServerT, refusalText, validationText } from "~/i18n/i18n.server";
import { metaT, useFormat, useT } from "~/i18n/react";
import { refusalData } from "~/i18n/refusal-response";
import { formatCalendarDate, localDateIn } from "~/utils/datetime";
import { parseForm } from "~/utils/form-data.server";
import { useSchemaForm } from "~/components/use-schema-form";
import { FilterSelect, ListPager, ListSearch, SortLinks, listView, viewHref } from "~/components/list-kit";
import { searchParamsObject } from "~/utils/list-params";
import type { Route } from "./+types/payouts";

// /admin/payouts (docs/product-rules.md, "Billing and pay"): caregivers' pending earnings, a new
// batch through a date, the latest batches with their payouts, and paying them (a Stripe Connect
// transfer when configured) or marking one failed with a reason. Every action is audited by the
// feature (features/earnings/payouts.server.ts).

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "earnings");
  return [{ title: t("admin.meta.title") }, { name: "description", content: t("admin.meta.description") }];
};

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const query = PayoutBatchesQuerySchema.parse(searchParamsObject(url.searchParams));
  const [pending, list] = await Promise.all([listPendingEarnings({ actor }), listPayoutBatches({ actor, query })]);
  return {
    pending,
    batches: list.rows,
    view: listView("/admin/payouts", query, list),
    today: localDateIn("UTC"),
    isStripeOn: isStripeConfigured(),
  };
}

type ActionResult = {
  ok: boolean;
  intent: string;
  payoutId?: string;
  message?: string;
  /** The form's errors and values, when a field was refused. */
  result?: SubmissionResult<string[]>;
};

const INTENTS: unknown[] = PayoutsActionSchema.options.map((option) => option.shape.intent.value);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "earnings", actor.locale);
  const submission = await parseForm(request, PayoutsActionSchema);
  const form = submission.payload;
  const intent = String(form.intent ?? "");
  const payoutId = typeof form.payoutId === "string" ? form.payoutId : undefined;
  const name = String(form.caregiverName ?? "");
  // A refusal, worded: under its field when it has one (the form's reply), else for the whole form.
  const refused = (text: string, field?: string): ActionResult => ({
    ok: false,
    intent,
    payoutId,
    ...(field ? { result: submission.reply({ fieldErrors: { [field]: [text] } }) } : { message: text }),
  });
  const invalid = (key: string, field?: string) =>
    data<ActionResult>(refused(validationText(locale, key), field), { status: 400 });
  if (!INTENTS.includes(intent)) return data<ActionResult>({ ok: false, intent }, { status: 400 });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    if (intent === "create-batch") return invalid(errors.throughDate?.[0] ?? "earnings:messages.date", "throughDate");
    if (intent === "mark-batch-paid") return invalid("earnings:admin.errors.batchNotFound");
    // A payout's form: a reason refused shows under it, any other fault as the payout not found.
    if (intent === "mark-failed" && errors.reason && !errors.payoutId) return invalid(errors.reason[0]!, "reason");
    return invalid("earnings:admin.errors.notFound");
  }
  const value = submission.value;
  try {
    switch (value.intent) {
      case "create-batch": {
        const batch = await createPayoutBatch({ actor, throughDate: value.throughDate, request });
        return data<ActionResult>({
          ok: true,
          intent,
          message: t("admin.create.created", {
            count: batch.payoutCount,
            amount: formatMoney(batch.totalCents, locale),
          }),
        });
      }
      case "mark-paid": {
        await markPayoutPaid({ actor, payoutId: value.payoutId, request });
        return data<ActionResult>({ ok: true, intent, payoutId, message: t("admin.payout.paid", { name }) });
      }
      case "mark-batch-paid": {
        const result = await markBatchPaid({ actor, batchId: value.batchId, request });
        const message = result.failures.length
          ? t("admin.batches.batchPartly", {
              count: result.paidCount,
              reasons: result.failures.map((failure) => refusalText(locale, failure)).join("; "),
            })
          : t("admin.batches.batchPaid", { count: result.paidCount });
        return data<ActionResult>({ ok: result.failures.length === 0, intent, message });
      }
      case "mark-failed": {
        await markPayoutFailed({ actor, payoutId: value.payoutId, reason: value.reason, request });
        return data<ActionResult>({ ok: true, intent, payoutId, message: t("admin.payout.failed", { name }) });
      }
    }
  } catch (error) {
    return refusalData<ActionResult>(error, locale, ({ text, field }) => refused(text, field));
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

const STATUS_STYLES: Record<PayoutView["status"], string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-50",
  paid: "border-teal-300 bg-teal-50 text-teal-900 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-50",
  failed: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100",
};

export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  const { pending, batches, today, isStripeOn } = loaderData;
  const { t } = useT("earnings");
  const result = useActionData<typeof action>();
  // A payout's own answer shows beside it; the others at the top.
  const topNotice = result?.message && !(result.payoutId && !result.ok) ? result : null;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("admin.heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("admin.intro")}</p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {isStripeOn ? t("admin.stripeOn") : t("admin.stripeOff")}
        </p>
      </header>
      {topNotice && <FormNotice tone={topNotice.ok ? "success" : "error"}>{topNotice.message}</FormNotice>}
      <PendingSection pending={pending} today={today} result={result} />
      <BatchesSection batches={batches} view={loaderData.view} result={result} />
    </div>
  );
}

function PendingSection({
  pending,
  today,
  result,
}: {
  pending: LoaderData["pending"];
  today: string;
  result: ActionResult | undefined;
}) {
  const { t, locale } = useT("earnings");
  const { money } = useFormat();
  const navigation = useNavigation();
  const isCreating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-batch";
  const total = pending.reduce((sum, row) => sum + row.totalCents, 0);
  // The browser's own check of the date comes first (noValidate off, as before), then the schema's.
  const [form, fields] = useSchemaForm(CreatePayoutBatchFormSchema, {
    id: "create-batch",
    lastResult: result?.intent === "create-batch" ? result.result : undefined,
  });
  return (
    <section aria-labelledby="pending-heading" className={sectionClass}>
      <h2 id="pending-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("admin.pending.heading")}
      </h2>
      {pending.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-200">{t("admin.pending.none")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t("admin.pending.sum", { amount: money(total) })}
          </p>
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
            {pending.map((row) => (
              <li
                key={row.caregiverId}
                className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3"
                data-caregiver={row.caregiverId}
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 dark:text-white">{row.name}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {t("admin.payout.visits", { count: row.earningCount })} ·{" "}
                    {t("admin.pending.range", {
                      from: formatCalendarDate(row.oldestWorkedOn, "date", locale),
                      to: formatCalendarDate(row.newestWorkedOn, "date", locale),
                    })}{" "}
                    · {t("admin.pending.account")}:{" "}
                    {row.hasConnectedAccount ? t("admin.pending.connected") : t("admin.pending.notConnected")}
                  </p>
                </div>
                <p className="ml-auto font-semibold text-slate-900 tabular-nums dark:text-white">
                  {money(row.totalCents)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      <Form
        method="post"
        className="mt-6 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700"
        {...getFormProps(form)}
        noValidate={false}
      >
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{t("admin.create.heading")}</h3>
        <input type="hidden" name="intent" value="create-batch" />
        <TextField
          label={t("admin.create.throughDate")}
          field={fields.throughDate}
          type="date"
          required
          defaultValue={today}
          hint={t("admin.create.hint")}
          className="max-w-xs"
        />
        <SubmitButton isPending={isCreating} pendingLabel={t("admin.create.submitting")}>
          {t("admin.create.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function BatchesSection({
  batches,
  view,
  result,
}: {
  batches: LoaderData["batches"];
  view: LoaderData["view"];
  result: ActionResult | undefined;
}) {
  const { t, locale } = useT("earnings");
  const { t: tl } = useT("lists");
  const { money, date } = useFormat();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData : undefined;
  return (
    <section aria-labelledby="batches-heading" className="space-y-4">
      <h2 id="batches-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("admin.batches.heading")}
      </h2>
      <div className={`${sectionClass} space-y-4`}>
        <ListSearch
          key={viewHref(view, { page: 1 })}
          view={view}
          label={tl("payouts.search")}
          hint={tl("payouts.searchHint")}
          fields={["status"]}
        >
          <FilterSelect
            label={tl("payouts.status")}
            name="status"
            value={view.params.status}
            anyLabel={tl("payouts.anyStatus")}
            values={PAYOUT_FILTER_STATUSES}
            labelOf={(status) => tl(`payouts.statuses.${status}`)}
          />
        </ListSearch>
        <SortLinks
          view={view}
          label={tl("payouts.sortLabel")}
          columns={[
            { column: "created", label: tl("payouts.sort.created"), firstDir: "desc" },
            { column: "through", label: tl("payouts.sort.through"), firstDir: "desc" },
          ]}
        />
        <ListPager view={view} label={tl("payouts.pagesLabel")} className="" />
      </div>
      {batches.length === 0 && (
        <p className="text-slate-700 dark:text-slate-200">
          {view.params.q || view.params.status ? tl("payouts.noMatch") : t("admin.batches.none")}
        </p>
      )}
      <ol className="space-y-4">
        {batches.map((batch) => {
          const headingId = `batch-${batch.id}`;
          const openCount = batch.payouts.filter((payout) => payout.status === "pending").length;
          const isPayingBatch =
            submitting?.get("intent") === "mark-batch-paid" && submitting.get("batchId") === batch.id;
          return (
            <li key={batch.id} className={sectionClass} aria-labelledby={headingId} data-batch={batch.id}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
                    {t("admin.batches.batch", { date: formatCalendarDate(batch.throughDate, "date", locale) })}
                  </h3>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {batch.createdByName
                      ? t("admin.batches.createdBy", { date: date(batch.createdAt), name: batch.createdByName })
                      : t("admin.batches.createdAt", { date: date(batch.createdAt) })}
                    {" · "}
                    {t("admin.batches.total", { amount: money(batch.totalCents), count: batch.payouts.length })}
                  </p>
                </div>
                {openCount > 0 && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="mark-batch-paid" />
                    <input type="hidden" name="batchId" value={batch.id} />
                    <SubmitButton isPending={isPayingBatch} pendingLabel={t("admin.payout.paying")}>
                      {t("admin.batches.markBatchPaid")}
                    </SubmitButton>
                  </Form>
                )}
              </div>
              <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
                {batch.payouts.map((payout) => (
                  <PayoutRow
                    key={payout.id}
                    payout={payout}
                    result={result?.payoutId === payout.id ? result : undefined}
                    isPaying={submitting?.get("intent") === "mark-paid" && submitting.get("payoutId") === payout.id}
                    isFailing={submitting?.get("intent") === "mark-failed" && submitting.get("payoutId") === payout.id}
                  />
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      <ListPager view={view} label={tl("payouts.pagesLabel")} />
    </section>
  );
}

function PayoutRow({
  payout,
  result,
  isPaying,
  isFailing,
}: {
  payout: PayoutView;
  result: ActionResult | undefined;
  isPaying: boolean;
  isFailing: boolean;
}) {
  const { t } = useT("earnings");
  const { money, date } = useFormat();
  const refusal = result && !result.ok ? result : undefined;
  const [form, fields] = useSchemaForm(MarkPayoutFailedFormSchema, {
    id: `mark-failed-${payout.id}`,
    lastResult: refusal?.intent === "mark-failed" ? refusal.result : undefined,
  });
  return (
    <li className="space-y-2 py-3" data-payout={payout.id}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="font-medium text-slate-900 dark:text-white">{payout.caregiverName}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("admin.payout.visits", { count: payout.earningCount })}
            {payout.paidAt && <> · {t("admin.payout.paidAt", { date: date(payout.paidAt) })}</>}
            {payout.stripeTransferId && <> · {t("admin.payout.transfer", { id: payout.stripeTransferId })}</>}
          </p>
          {payout.failureReason && (
            <p className="text-sm text-red-800 dark:text-red-200">
              {t("admin.payout.failedBecause", { reason: payout.failureReason })}
            </p>
          )}
        </div>
        <div className="ml-auto flex flex-col items-end gap-1">
          <p className="font-semibold text-slate-900 tabular-nums dark:text-white">{money(payout.amountCents)}</p>
          <span className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[payout.status]}`}>
            {t(`admin.status.${payout.status}`)}
          </span>
        </div>
      </div>
      {refusal?.message && <FormNotice tone="error">{refusal.message}</FormNotice>}
      {payout.status === "pending" && (
        <div className="flex flex-wrap items-start gap-3">
          <Form method="post" aria-label={t("admin.payout.markPaidLabel", { name: payout.caregiverName })}>
            <input type="hidden" name="intent" value="mark-paid" />
            <input type="hidden" name="payoutId" value={payout.id} />
            <input type="hidden" name="caregiverName" value={payout.caregiverName} />
            <SubmitButton isPending={isPaying} pendingLabel={t("admin.payout.paying")}>
              {t("admin.payout.markPaid")}
            </SubmitButton>
          </Form>
          <details className="min-w-0 flex-1" open={Boolean(refusal?.result) || undefined}>
            <summary className={`${secondaryButtonClass} cursor-pointer list-none`}>
              {t("admin.payout.markFailed")}
            </summary>
            <Form
              method="post"
              className="mt-3 space-y-3"
              aria-label={t("admin.payout.failedHeading", { name: payout.caregiverName })}
              {...getFormProps(form)}
              noValidate={false}
            >
              <input type="hidden" name="intent" value="mark-failed" />
              <input type="hidden" name="payoutId" value={payout.id} />
              <input type="hidden" name="caregiverName" value={payout.caregiverName} />
              <TextAreaField
                label={t("admin.payout.reason")}
                field={fields.reason}
                required
                minLength={3}
                maxLength={PAYOUT_FAILURE_REASON_MAX}
                rows={2}
                hint={t("admin.payout.reasonHint")}
              />
              <SubmitButton isPending={isFailing} pendingLabel={t("admin.payout.saving")} variant="secondary">
                {t("admin.payout.confirmFailed")}
              </SubmitButton>
            </Form>
          </details>
        </div>
      )}
    </li>
  );
}
