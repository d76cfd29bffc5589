import { Download, Landmark } from "lucide-react";
import { lazy, Suspense } from "react";
import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import {
  FormNotice,
  linkClass,
  primaryButtonClass,
  sectionClass,
  SubmitButton,
  TextField,
} from "~/components/form-controls";
import { useHydrated } from "~/components/use-hydrated";
import { getCaregiverEarnings } from "~/features/earnings/caregiver-earnings.server";
import { hoursOf, type EarningLine, type EarningsWeek } from "~/features/earnings/earnings";
import {
  payoutAccountOf,
  refreshPayoutAccount,
  startPayoutSetup,
  type PayoutAccountState,
} from "~/features/payments/connect-accounts.server";
import { isStripeConfigured } from "~/features/payments/stripe-client.server";
import { parseForm } from "~/utils/form-data.server";
import { PayoutSetupSchema } from "~/features/earnings/earnings.schema";
import { useSchemaForm } from "~/components/use-schema-form";
import { metaT, useFormat, useT } from "~/i18n/react";
import { formatCalendarDate } from "~/utils/datetime";
import type { Route } from "./+types/earnings";

// /caregiver/earnings (docs/product-rules.md, "Billing and pay"): the caregiver's own pay for
// completed visits: what is not paid yet and what was paid this month and year, the last twelve
// weeks as a chart (with the same figures as a table for screen readers), the latest weeks visit
// by visit with each one's payout status, and the CSV export (routes/caregiver/earnings-export.ts).
// With Stripe configured, the caregiver also sets up where payouts go: Stripe's hosted onboarding
// of their connected account (features/payments/connect-accounts.server.ts), which sends them back
// here with ?payouts=return (or ?payouts=refresh when its link expired).

// recharts is about 100 KB compressed: the chart's chunk loads after the page, which reads without it.
const EarningsChart = lazy(() =>
  import("~/components/caregiver/earnings-chart").then((module) => ({ default: module.EarningsChart })),
);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "earnings");
  return [{ title: t("meta.title") }, { name: "description", content: t("meta.description") }];
};

const EXPORT_ERRORS = { order: "messages.rangeOrder", date: "messages.date" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const earnings = await getCaregiverEarnings({ actor: user });
  const search = new URL(request.url).searchParams;
  const exportError = search.get("exportError");
  const returned = search.get("payouts");
  let payoutAccount: PayoutAccountState | null = null;
  if (isStripeConfigured())
    payoutAccount = returned === "return" ? await refreshPayoutAccount(user.id) : await payoutAccountOf(user.id);
  return {
    ...earnings,
    payoutAccount,
    payoutReturn: returned === "return" || returned === "refresh" ? returned : null,
    exportForm: {
      from: search.get("from") ?? "",
      to: search.get("to") ?? "",
      error: exportError === "order" || exportError === "date" ? EXPORT_ERRORS[exportError] : null,
    },
  };
}

/** "Set up payouts": to Stripe's onboarding of the caregiver's connected account. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const submission = await parseForm(request, PayoutSetupSchema);
  if (submission.status !== "success") return data({ payoutError: "unknown" as const }, 400);
  if (!isStripeConfigured()) return data({ payoutError: "unavailable" as const }, 404);
  try {
    return redirect(await startPayoutSetup({ userId: user.id }));
  } catch {
    // Stripe unreachable or refusing: the page stays, saying so; the button tries again.
    return data({ payoutError: "stripe" as const }, 502);
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

const EXPORT_PATH = "/caregiver/earnings/export.csv";

const STATUS_STYLES: Record<EarningLine["status"], string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-50",
  in_payout: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-700 dark:bg-sky-950/50 dark:text-sky-50",
  paid: "border-teal-300 bg-teal-50 text-teal-900 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-50",
};

export default function CaregiverEarnings({ loaderData }: Route.ComponentProps) {
  const { weeks, totals, exportForm } = loaderData;
  const { t } = useT("earnings");
  const isEmpty = weeks.length === 0 && totals.paidThisYearCents === 0;
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("heading")}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("intro")}</p>
        </div>
        {!isEmpty && (
          <a href={EXPORT_PATH} download className={`${primaryButtonClass} gap-2`}>
            <Download aria-hidden="true" className="size-4" />
            {t("export.download")}
          </a>
        )}
      </header>
      {loaderData.payoutAccount && (
        <PayoutAccountSection state={loaderData.payoutAccount} returned={loaderData.payoutReturn} />
      )}
      {isEmpty ? (
        <section className={sectionClass} aria-labelledby="earnings-empty">
          <h2 id="earnings-empty" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t("empty.heading")}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-200">{t("empty.body")}</p>
          <Link to="/caregiver/schedule" className={`${linkClass} mt-3 inline-block`}>
            {t("empty.schedule")}
          </Link>
        </section>
      ) : (
        <>
          <Summary totals={totals} />
          <ChartSection chart={loaderData.chart} />
          <WeeksSection weeks={weeks} olderWeekCount={loaderData.olderWeekCount} />
          <ExportSection form={exportForm} />
        </>
      )}
    </div>
  );
}

function Summary({ totals }: { totals: LoaderData["totals"] }) {
  const { t } = useT("earnings");
  const { money } = useFormat();
  const cards = [
    {
      id: "unpaid",
      label: t("summary.unpaid"),
      value: money(totals.unpaidCents),
      hint:
        totals.inPayoutCents > 0
          ? t("summary.unpaidHint", { amount: money(totals.inPayoutCents) })
          : t("summary.unpaidHintNone"),
    },
    { id: "month", label: t("summary.paidMonth"), value: money(totals.paidThisMonthCents), hint: null },
    { id: "year", label: t("summary.paidYear"), value: money(totals.paidThisYearCents), hint: null },
  ];
  return (
    <section aria-label={t("summary.label")}>
      <dl className="grid gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.id} className={sectionClass} data-summary={card.id}>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{card.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{card.value}</dd>
            {card.hint && <dd className="mt-1 text-sm text-slate-600 dark:text-slate-300">{card.hint}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}

function ChartSection({ chart }: { chart: LoaderData["chart"] }) {
  const { t, locale } = useT("earnings");
  const { money, number } = useFormat();
  // Measured by the browser: the chart is drawn once the page runs; the table below is always there.
  const isHydrated = useHydrated();
  const bars = chart.map((week) => ({
    label: formatCalendarDate(week.monday, "monthDay", locale),
    amountCents: week.totalCents,
    amountText: money(week.totalCents),
  }));
  const total = chart.reduce((sum, week) => sum + week.totalCents, 0);
  return (
    <section className={sectionClass} aria-labelledby="earnings-chart-heading">
      <h2 id="earnings-chart-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("chart.heading")}
      </h2>
      <figure className="mt-3" aria-labelledby="earnings-chart-heading" aria-describedby="earnings-chart-description">
        <p id="earnings-chart-description" className="sr-only">
          {t("chart.description", {
            first: formatCalendarDate(chart[0]!.monday, "date", locale),
            last: formatCalendarDate(chart.at(-1)!.monday, "date", locale),
            total: money(total),
          })}
        </p>
        {isHydrated ? (
          <Suspense fallback={<div aria-hidden="true" className="h-56 w-full" />}>
            <EarningsChart bars={bars} amountLabel={t("chart.amount")} locale={locale} />
          </Suspense>
        ) : (
          <div aria-hidden="true" className="h-56 w-full" />
        )}
        <table className="sr-only">
          <caption>{t("chart.heading")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("chart.week")}</th>
              <th scope="col">{t("chart.hours")}</th>
              <th scope="col">{t("chart.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {chart.map((week) => (
              <tr key={week.monday}>
                <th scope="row">{formatCalendarDate(week.monday, "date", locale)}</th>
                <td>{number(hoursOf(week.minutes))}</td>
                <td>{money(week.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </section>
  );
}

function WeeksSection({ weeks, olderWeekCount }: { weeks: EarningsWeek[]; olderWeekCount: number }) {
  const { t, locale } = useT("earnings");
  const { money, number } = useFormat();
  return (
    <section aria-labelledby="earnings-weeks-heading" className="space-y-4">
      <h2 id="earnings-weeks-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("weeks.heading")}
      </h2>
      <ol className="space-y-4">
        {weeks.map((week) => {
          const headingId = `week-${week.monday}`;
          return (
            <li key={week.monday} className={sectionClass} aria-labelledby={headingId} data-week={week.monday}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
                  {t("weeks.weekOf", {
                    start: formatCalendarDate(week.monday, "monthDay", locale),
                    end: formatCalendarDate(week.sunday, "date", locale),
                  })}
                </h3>
                <p className="font-semibold text-slate-900 tabular-nums dark:text-white">
                  {t("weeks.totals", { hours: number(hoursOf(week.minutes)), amount: money(week.totalCents) })}
                </p>
              </div>
              <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
                {week.lines.map((line) => (
                  <VisitRow key={line.id} line={line} />
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      {olderWeekCount > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("weeks.older", { count: olderWeekCount })}</p>
      )}
    </section>
  );
}

function VisitRow({ line }: { line: EarningLine }) {
  const { t, locale } = useT("earnings");
  const { money, number } = useFormat();
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3" data-visit={line.visitId}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">
          {formatCalendarDate(line.workedOn, undefined, locale)} · {line.clientName}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("row.minutes", { hours: number(hoursOf(line.minutes)), minutes: line.minutes })} ·{" "}
          {t("row.ratePerHour", { amount: money(line.payRateCents) })}
        </p>
      </div>
      <div className="ml-auto flex flex-col items-end gap-1 text-right">
        <p className="font-semibold text-slate-900 tabular-nums dark:text-white">{money(line.amountCents)}</p>
        <p className="flex flex-wrap items-center justify-end gap-2 text-sm">
          <span className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[line.status]}`}>
            {t(`status.${line.status}`)}
          </span>
          {line.paidOn && (
            <span className="text-slate-600 dark:text-slate-300">
              {t("row.paidOn", { date: formatCalendarDate(line.paidOn, "date", locale) })}
            </span>
          )}
        </p>
      </div>
    </li>
  );
}

function PayoutAccountSection({
  state,
  returned,
}: {
  state: PayoutAccountState;
  returned: LoaderData["payoutReturn"];
}) {
  const { t } = useT("earnings");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const isStarting = navigation.state !== "idle" && navigation.formData?.get("intent") === "payout-setup";
  const [form] = useSchemaForm(PayoutSetupSchema, { id: "payout-setup" });
  return (
    <section aria-labelledby="payout-account-heading" className={sectionClass} data-payout-account={state}>
      <div className="flex items-start gap-3">
        <Landmark aria-hidden="true" className="mt-1 size-5 shrink-0 text-teal-700 dark:text-teal-300" />
        <div className="min-w-0 flex-1 space-y-3">
          <h2 id="payout-account-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t("payoutAccount.heading")}
          </h2>
          <p className="text-slate-700 dark:text-slate-200">{t(`payoutAccount.${state}`)}</p>
          {returned === "return" && state === "ready" && (
            <FormNotice tone="success">{t("payoutAccount.returnedReady")}</FormNotice>
          )}
          {returned === "return" && state !== "ready" && (
            <FormNotice tone="warning">{t("payoutAccount.returnedIncomplete")}</FormNotice>
          )}
          {returned === "refresh" && <FormNotice tone="warning">{t("payoutAccount.expired")}</FormNotice>}
          {actionData?.payoutError && <FormNotice tone="error">{t("payoutAccount.failed")}</FormNotice>}
          {state !== "ready" && (
            <Form method="post" {...getFormProps(form)}>
              <SubmitButton
                name="intent"
                value="payout-setup"
                isPending={isStarting}
                pendingLabel={t("payoutAccount.opening")}
              >
                {state === "none" ? t("payoutAccount.start") : t("payoutAccount.continue")}
              </SubmitButton>
            </Form>
          )}
        </div>
      </div>
    </section>
  );
}

function ExportSection({ form }: { form: LoaderData["exportForm"] }) {
  const { t } = useT("earnings");
  return (
    <section aria-labelledby="earnings-export-heading" className={sectionClass}>
      <h2 id="earnings-export-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("export.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("export.intro")}</p>
      {/* A plain document request: the file downloads, and a refused range comes back here with its message. */}
      <Form method="get" action={EXPORT_PATH} reloadDocument className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
          <TextField label={t("export.from")} name="from" type="date" defaultValue={form.from} />
          <TextField
            label={t("export.to")}
            name="to"
            type="date"
            defaultValue={form.to}
            error={form.error ? t(form.error) : undefined}
          />
        </div>
        <button type="submit" className={primaryButtonClass}>
          {t("export.submit")}
        </button>
      </Form>
    </section>
  );
}
