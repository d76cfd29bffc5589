import { useEffect, useRef, type ReactNode } from "react";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { data, isRouteErrorResponse, Link, useFetcher } from "react-router";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { requireRole } from "~/platform/auth/session.server";
import {
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  linkClass,
  sectionClass,
} from "~/components/form-controls";
import { toast } from "~/components/toast";
import { getAdminInvoice, recentCredits } from "~/features/billing/admin-billing.server";
import {
  AdminInvoiceActionSchema,
  CreditSchema,
  RECORDED_METHODS,
  REFUND_METHODS,
  RecordPaymentSchema,
  RefundSchema,
  VoidSchema,
} from "~/features/billing/admin-billing-rules";
import { MONEY_REASON_MAX } from "~/features/billing/billing-rules";
import { calendarDate } from "~/features/billing/invoice-words";
import { giveCredit } from "~/features/billing/credits.server";
import { recordPayment, voidInvoice } from "~/features/billing/record-payment.server";
import { refundInvoice } from "~/features/billing/refunds.server";
import { formatMoney } from "~/utils/money";
import { getServerT, getTranslate, messageText } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { formatDate, formatVisitDateTime } from "~/utils/datetime";
import { parseForm } from "~/utils/form-data.server";
import { useSchemaForm } from "~/components/use-schema-form";
import { IDEMPOTENCY_FIELD, idempotencyKeyOf } from "~/utils/idempotency";
import { AreaError } from "~/components/area-error";
import { InvoiceStatusBadge, useInvoiceStatusWord } from "~/components/orders/invoice-status-badge";
import { Facts } from "~/components/admin/facts";
import type { Route } from "./+types/invoice";

// One invoice for admins (docs/product-rules.md, "Billing and pay"): its lines, payments and
// refunds, the family's credit, and the forms to record a payment, refund, give credit and void.
// Each form carries an idempotency key made when the page was rendered (a double click is one
// action); the loader runs again after each action, so the next submission has a fresh key.

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "admin-billing");
  const invoiceNumber = loaderData?.invoice.invoiceNumber;
  return [
    { title: invoiceNumber ? t("meta.invoiceTitle", { invoiceNumber }) : t("meta.invoiceTitleFallback") },
    { name: "description", content: t("meta.invoiceDescription") },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "admin-billing", actor.locale);
  const money = (cents: number) => formatMoney(cents, locale);
  try {
    const invoice = await getAdminInvoice({ actor, invoiceNumber: params.invoiceNumber });
    // Dates on the clock where care happens, as on the family's invoice.
    const when = (date: Date) => formatDate(date, invoice.timeZone, locale);
    const credits = await recentCredits(invoice.clientId);
    return {
      invoice: {
        invoiceNumber: invoice.invoiceNumber,
        orderId: invoice.orderId,
        orderNumber: invoice.orderNumber,
        family: `${invoice.clientName} (${invoice.clientEmail})`,
        status: invoice.status,
        period: `${calendarDate(invoice.periodStart, locale)} – ${calendarDate(invoice.periodEnd, locale)}`,
        issued: when(invoice.issuedAt),
        due: when(invoice.dueAt),
        paidAt: invoice.paidAt ? when(invoice.paidAt) : null,
        total: money(invoice.totalCents),
        paid: money(invoice.amountPaidCents),
        refunded: money(invoice.amountRefundedCents),
        owed: money(invoice.owedCents),
        refundable: money(invoice.refundableCents),
        cardRefundableCents: invoice.cardRefundableCents,
        cardRefundable: money(invoice.cardRefundableCents),
        lastChargeError: invoice.lastChargeError,
        lines: invoice.lines.map((line) => ({
          position: line.position,
          label:
            line.kind === "visit"
              ? line.visitStartsAt
                ? t("lines.visit", { date: formatVisitDateTime(line.visitStartsAt, invoice.timeZone, { locale }) })
                : t("lines.visitUndated")
              : t(`lines.${line.kind}`),
          amount: money(
            line.kind === "discount" || line.kind === "credit" ? -Math.abs(line.amountCents) : line.amountCents,
          ),
        })),
        movements: invoice.movements.map((row) => ({
          id: row.id,
          kind: row.kind,
          text: t("invoice.movement", {
            kind: t(`movementKinds.${row.kind}`),
            amount: money(row.amountCents),
            method: t(`methods.${row.method}`).toLowerCase(),
          }),
          byLine: row.recordedBy
            ? t("invoice.movementBy", { date: when(row.createdAt), name: row.recordedBy })
            : t("invoice.movementAt", { date: when(row.createdAt) }),
          note: row.note,
        })),
        creditBalance: money(invoice.creditBalanceCents),
        credits: credits.map((credit) => ({
          id: credit.id,
          text: t("invoice.creditRow", {
            amount: money(credit.amountCents),
            source: t(`creditSources.${credit.source}`),
          }),
          reason: credit.reasonKey ? messageText(locale, { key: credit.reasonKey }) : credit.reason,
          date: when(credit.createdAt),
        })),
        canRecordPayment: invoice.canRecordPayment,
        canRefund: invoice.canRefund,
        canVoid: invoice.canVoid,
      },
      keys: {
        payment: crypto.randomUUID(),
        refund: crypto.randomUUID(),
        credit: crypto.randomUUID(),
      },
    };
  } catch (error) {
    throwRefusal(error, locale);
  }
}

type Intent = "payment" | "refund" | "credit" | "void";
type ActionResult = {
  intent: Intent;
  ok: boolean;
  title?: string;
  description?: string;
  message?: string;
  /** The form's errors and values, when its schema or a field's refusal turned it back. */
  result?: SubmissionResult<string[]>;
};

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "admin-billing", actor.locale);
  const submission = await parseForm(request, AdminInvoiceActionSchema);
  const idempotencyKey = idempotencyKeyOf(submission.payload);
  const intent = String(submission.payload.intent ?? "") as Intent;
  if (!(INTENTS as readonly string[]).includes(intent))
    return data<ActionResult>({ intent, ok: false, message: t("unknownAction") }, { status: 400 });
  if (submission.status !== "success")
    return data<ActionResult>({ intent, ok: false, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const money = (cents: number) => formatMoney(cents, locale);
  const invoiceNumber = params.invoiceNumber;
  try {
    if (value.intent === "payment") {
      const paid = await recordPayment({
        actor,
        invoiceNumber,
        amountCents: value.amount,
        method: value.method,
        reference: value.reference,
        idempotencyKey,
        request,
      });
      return data<ActionResult>({
        intent,
        ok: true,
        title: t("payment.done", { amount: money(paid.amountCents) }),
        description: t("payment.doneDescription", {
          invoiceNumber: paid.invoiceNumber,
          status: getTranslate(locale, "billing")(`status.${paid.status}`).toLowerCase(),
        }),
      });
    }
    if (value.intent === "refund") {
      const refund = await refundInvoice({
        actor,
        invoiceNumber,
        amountCents: value.amount,
        method: value.method,
        reason: value.reason,
        idempotencyKey,
        request,
      });
      return data<ActionResult>({
        intent,
        ok: true,
        title: t("refund.done", { amount: money(refund.amountCents) }),
        description: t("refund.doneDescription"),
      });
    }
    if (value.intent === "credit") {
      const invoice = await getAdminInvoice({ actor, invoiceNumber });
      const credit = await giveCredit({
        actor,
        clientId: invoice.clientId,
        amountCents: value.amount,
        reason: value.reason,
        invoiceNumber: invoice.invoiceNumber,
        idempotencyKey,
        request,
      });
      return data<ActionResult>({
        intent,
        ok: true,
        title: t("credit.done", { amount: money(credit.amountCents) }),
        description: t("credit.doneDescription", { balance: money(credit.balanceCents) }),
      });
    }
    const voided = await voidInvoice({ actor, invoiceNumber, reason: value.reason, request });
    return data<ActionResult>({
      intent,
      ok: true,
      title: t("void.done"),
      description: t("void.doneDescription", { invoiceNumber: voided.invoiceNumber }),
    });
  } catch (error) {
    return refusalData<ActionResult>(error, locale, (refusal) => {
      const message = refusal.text;
      return refusal.field
        ? { intent, ok: false, result: submission.reply({ fieldErrors: { [refusal.field]: [message] } }) }
        : { intent, ok: false, message };
    });
  }
}

type InvoiceView = Route.ComponentProps["loaderData"]["invoice"];

export default function AdminInvoice({ loaderData }: Route.ComponentProps) {
  const { invoice, keys } = loaderData;
  const { t } = useT("admin-billing");
  const statusWord = useInvoiceStatusWord();
  const heading = "text-xl font-semibold text-slate-900 dark:text-white";
  return (
    <div className="space-y-8">
      <ActionToasts />
      <header>
        <p>
          <Link to="/admin/billing" className={linkClass}>
            {t("invoice.allInvoices")}
          </Link>
        </p>
        <h1 className="mt-2 flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {invoice.invoiceNumber} <InvoiceStatusBadge status={invoice.status} />
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {t("invoice.issuedLine", { status: statusWord(invoice.status), date: invoice.issued })}
        </p>
      </header>
      <section aria-labelledby="summary-heading" className={sectionClass}>
        <h2 id="summary-heading" className={heading}>
          {t("invoice.summary")}
        </h2>
        {invoice.status === "void" && (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{t("invoice.voided")}</p>
        )}
        <Facts
          rows={[
            [t("invoice.facts.status"), statusWord(invoice.status)],
            [t("invoice.facts.family"), invoice.family],
            [t("invoice.facts.order"), invoice.orderNumber],
            [t("invoice.facts.period"), invoice.period],
            [t("invoice.facts.issued"), invoice.issued],
            [t("invoice.facts.due"), invoice.due],
            ...(invoice.paidAt ? ([[t("invoice.facts.paidAt"), invoice.paidAt]] as [string, string][]) : []),
            [t("invoice.facts.total"), invoice.total],
            [t("invoice.facts.paid"), invoice.paid],
            [t("invoice.facts.refunded"), invoice.refunded],
            [t("invoice.facts.owed"), invoice.owed],
            ...(invoice.lastChargeError
              ? ([[t("invoice.facts.lastChargeError"), invoice.lastChargeError]] as [string, string][])
              : []),
          ]}
        />
        <p className="mt-3 text-sm">
          <Link to={`/admin/orders/${invoice.orderId}`} className={linkClass}>
            {t("list.order", { orderNumber: invoice.orderNumber })}
          </Link>
        </p>
      </section>
      <section aria-labelledby="lines-heading" className={sectionClass}>
        <h2 id="lines-heading" className={heading}>
          {t("invoice.linesHeading")}
        </h2>
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{t("invoice.linesCaption")}</caption>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {invoice.lines.map((line) => (
              <tr key={line.position}>
                <td className="py-2 pr-3 text-slate-800 dark:text-slate-100">{line.label}</td>
                <td className="py-2 text-right text-slate-900 tabular-nums dark:text-white">{line.amount}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-2 pr-3 font-semibold text-slate-900 dark:text-white">
                {t("invoice.total")}
              </th>
              <td className="py-2 text-right font-semibold text-slate-900 tabular-nums dark:text-white">
                {invoice.total}
              </td>
            </tr>
          </tbody>
        </table>
      </section>
      <section aria-labelledby="movements-heading" className={sectionClass}>
        <h2 id="movements-heading" className={heading}>
          {t("invoice.movementsHeading")}
        </h2>
        {invoice.movements.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("invoice.noMovements")}</p>
        ) : (
          <ul className="mt-3 space-y-3 text-sm" data-testid="movements">
            {invoice.movements.map((row) => (
              <li key={row.id} className="text-slate-900 dark:text-white">
                <span className="font-semibold">{row.text}</span>
                <span className="block text-slate-600 dark:text-slate-300">{row.byLine}</span>
                {row.note && <span className="block break-words text-slate-700 dark:text-slate-200">{row.note}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      {invoice.canRecordPayment && <PaymentForm invoice={invoice} idempotencyKey={keys.payment} />}
      {invoice.canRefund && <RefundForm invoice={invoice} idempotencyKey={keys.refund} />}
      <section aria-labelledby="credit-heading" className={sectionClass}>
        <h2 id="credit-heading" className={heading}>
          {t("invoice.creditHeading")}
        </h2>
        <p className="mt-2 text-sm font-semibold text-slate-900 dark:text-white" data-testid="credit-balance">
          {t("invoice.creditBalance", { amount: invoice.creditBalance })}
        </p>
        {invoice.credits.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("invoice.noCredits")}</p>
        ) : (
          <ul className="mt-3 space-y-2 text-sm">
            {invoice.credits.map((credit) => (
              <li key={credit.id} className="text-slate-900 dark:text-white">
                <span className="font-semibold">{credit.text}</span> · {credit.date}
                <span className="block break-words text-slate-700 dark:text-slate-200">{credit.reason}</span>
              </li>
            ))}
          </ul>
        )}
        <CreditForm idempotencyKey={keys.credit} />
      </section>
      {invoice.canVoid && <VoidForm />}
    </div>
  );
}

const INTENTS = ["payment", "refund", "credit", "void"] as const;

/**
 * The toasts of the page's forms, mounted for the whole page: a form that succeeds may leave the
 * page (a payment in full takes the payment form away) before it could toast itself.
 */
function ActionToasts() {
  const { t } = useT("admin-billing");
  const fetchers = [
    useFetcher<ActionResult>({ key: "invoice-payment" }),
    useFetcher<ActionResult>({ key: "invoice-refund" }),
    useFetcher<ActionResult>({ key: "invoice-credit" }),
    useFetcher<ActionResult>({ key: "invoice-void" }),
  ];
  const results = fetchers.map((fetcher) => (fetcher.state === "idle" ? fetcher.data : undefined));
  const shown = useRef(new Set<ActionResult>());
  useEffect(() => {
    for (const result of results) {
      if (!result || shown.current.has(result)) continue;
      shown.current.add(result);
      if (result.ok) toast.success(result.title, { description: result.description });
      else if (result.message) toast.error(t("notSaved"), { description: result.message });
    }
    // Each answer is toasted once, in the language of the moment it came.
    // oxlint-disable-next-line react/exhaustive-deps -- t changes with the language only
  }, results);
  return null;
}

/** One form's fetcher: its errors beside the fields; the form is cleared after it succeeds. */
function useFormResult(intent: (typeof INTENTS)[number]) {
  const fetcher = useFetcher<ActionResult>({ key: `invoice-${intent}` });
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" && fetcher.data?.intent === intent ? fetcher.data : undefined;
  useAfterEachAnswer(result, () => {
    if (result?.ok) form.current?.reset();
  });
  return {
    fetcher,
    form,
    lastResult: result && !result.ok ? result.result : undefined,
    isPending: fetcher.state !== "idle",
  };
}

type MoneySchema = Parameters<typeof useSchemaForm>[0];

/**
 * One of the page's money forms: its heading and intro, the intent and the idempotency key made
 * when the page was rendered, the fields, and the submit button with its pending words. The credit
 * form sits inside the credit section (`isNested`); the others are sections of their own.
 */
function MoneyForm<Schema extends MoneySchema>({
  intent,
  schema,
  intro,
  idempotencyKey,
  variant = "primary",
  isNested = false,
  children,
}: {
  intent: Intent;
  /** The form's schema: the browser checks it first, and it gives the fields. */
  schema: Schema;
  intro: string;
  idempotencyKey?: string;
  variant?: "primary" | "secondary";
  isNested?: boolean;
  children: (fields: ReturnType<typeof useSchemaForm<Schema>>[1]) => ReactNode;
}) {
  const { t } = useT("admin-billing");
  const { fetcher, form: formRef, lastResult, isPending } = useFormResult(intent);
  const [form, fields] = useSchemaForm(schema, { id: `invoice-${intent}`, lastResult });
  const body = (
    <>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{intro}</p>
      <fetcher.Form method="post" className="mt-4 space-y-4" ref={formRef} {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        {idempotencyKey && <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />}
        {children(fields)}
        <SubmitButton isPending={isPending} pendingLabel={t(`${intent}.pending`)} variant={variant}>
          {t(`${intent}.submit`)}
        </SubmitButton>
      </fetcher.Form>
    </>
  );
  if (isNested) {
    return (
      <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-700">
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{t(`${intent}.heading`)}</h3>
        {body}
      </div>
    );
  }
  return (
    <section aria-labelledby={`${intent}-heading`} className={sectionClass}>
      <h2 id={`${intent}-heading`} className="text-xl font-semibold text-slate-900 dark:text-white">
        {t(`${intent}.heading`)}
      </h2>
      {body}
    </section>
  );
}

function PaymentForm({ invoice, idempotencyKey }: { invoice: InvoiceView; idempotencyKey: string }) {
  const { t } = useT("admin-billing");
  return (
    <MoneyForm
      intent="payment"
      schema={RecordPaymentSchema}
      intro={t("payment.intro", { amount: invoice.owed })}
      idempotencyKey={idempotencyKey}
    >
      {(fields) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("payment.amount")}
              field={fields.amount}
              inputMode="decimal"
              autoComplete="off"
              required
              hint={t("payment.amountHint", { amount: invoice.owed })}
            />
            <SelectField label={t("payment.method")} field={fields.method} required defaultValue="">
              <option value="" disabled>
                {t("payment.chooseMethod")}
              </option>
              {RECORDED_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(`methods.${method}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <TextField
            label={t("payment.reference")}
            field={fields.reference}
            maxLength={200}
            autoComplete="off"
            hint={t("payment.referenceHint")}
          />
        </>
      )}
    </MoneyForm>
  );
}

function RefundForm({ invoice, idempotencyKey }: { invoice: InvoiceView; idempotencyKey: string }) {
  const { t } = useT("admin-billing");
  const methods = REFUND_METHODS.filter((method) => method !== "card" || invoice.cardRefundableCents > 0);
  const intro =
    invoice.cardRefundableCents > 0
      ? `${t("refund.intro", { amount: invoice.refundable })} ${t("refund.cardIntro", { amount: invoice.cardRefundable })}`
      : t("refund.intro", { amount: invoice.refundable });
  return (
    <MoneyForm intent="refund" schema={RefundSchema} intro={intro} idempotencyKey={idempotencyKey}>
      {(fields) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("refund.amount")}
              field={fields.amount}
              inputMode="decimal"
              autoComplete="off"
              required
            />
            <SelectField label={t("refund.method")} field={fields.method} required defaultValue={methods[0]}>
              {methods.map((method) => (
                <option key={method} value={method}>
                  {t(`methods.${method}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField
            label={t("refund.reason")}
            field={fields.reason}
            rows={2}
            maxLength={MONEY_REASON_MAX}
            required
            hint={t("refund.reasonHint")}
          />
        </>
      )}
    </MoneyForm>
  );
}

function CreditForm({ idempotencyKey }: { idempotencyKey: string }) {
  const { t } = useT("admin-billing");
  return (
    <MoneyForm
      intent="credit"
      schema={CreditSchema}
      intro={t("credit.intro")}
      idempotencyKey={idempotencyKey}
      variant="secondary"
      isNested
    >
      {(fields) => (
        <>
          <TextField
            label={t("credit.amount")}
            field={fields.amount}
            inputMode="decimal"
            autoComplete="off"
            required
            className="sm:max-w-xs"
          />
          <TextAreaField
            label={t("credit.reason")}
            field={fields.reason}
            rows={2}
            maxLength={MONEY_REASON_MAX}
            required
          />
        </>
      )}
    </MoneyForm>
  );
}

function VoidForm() {
  const { t } = useT("admin-billing");
  return (
    <MoneyForm intent="void" schema={VoidSchema} intro={t("void.intro")} variant="secondary">
      {(fields) => <TextField label={t("void.reason")} field={fields.reason} maxLength={MONEY_REASON_MAX} required />}
    </MoneyForm>
  );
}

// An unknown invoice stays inside the admin area, its menu kept.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT("admin-billing");
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  return (
    <AreaError
      error={error}
      heading={t("errors.invoiceNotFound")}
      text={message || t("errors.invoiceNotFound")}
      backTo="/admin/billing"
      backLabel={t("invoice.backToAll")}
    />
  );
}
