import { ArrowLeft, Download } from "lucide-react";
import { Link } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { linkClass, secondaryButtonClass, sectionClass } from "~/components/form-controls";
import { getFamilyInvoice } from "~/features/billing/family-billing.server";
import { invoiceWords } from "~/features/billing/invoice-words";
import {
  invoiceCardAction,
  payInvoiceNow,
  settleConfirmedPayment,
} from "~/features/payments/invoice-card-payment.server";
import { metaT, useFormat, useT } from "~/i18n/react";
import { localeOfRequest } from "~/i18n/locale";
import { AreaError } from "~/components/area-error";
import { InvoiceStatusBadge } from "~/components/orders/invoice-status-badge";
import { throwRefusal } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import { InvoicePaymentSchema } from "~/features/payments/payments.schema";
import type { Route } from "./+types/invoice";
import { InvoiceCardPanel } from "~/components/client/confirm-card-payment";
import { HowToPaySection } from "~/components/client/how-to-pay";

// One of the family's invoices (/dashboard/billing/:invoiceNumber): each visit with its date and
// times on the clock where care happens, billed hours, rate and surcharges; the discount, fee,
// credit and total; what was paid and refunded; the payments; and the PDF. Another family's
// invoice reads as not found (getFamilyInvoice scopes the read to the acting family). A due invoice
// offers what can be done by card when Stripe is configured (features/payments: add a card, Pay
// now, or Confirm payment when the bank asks for 3-D Secure), and how to pay otherwise: the
// instructions an admin set, or support's address (docs/product-rules.md, "How to pay an invoice").

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "billing");
  return [
    {
      title: loaderData
        ? t("invoice.metaTitle", { invoiceNumber: loaderData.invoiceNumber })
        : t("invoice.metaTitleFallback"),
    },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = context.get(currentUserContext);
  try {
    const invoice = await getFamilyInvoice({ actor, invoiceNumber: params.invoiceNumber });
    // A manage member of the family circle reads the holder's invoice and pays it as the instructions say; the card
    // on file is the holder's to use (docs/product-rules.md, "Family circle").
    const ownInvoice = invoice.clientId === actor.id;
    const cardAction = ownInvoice
      ? await invoiceCardAction({ userId: actor.id, invoiceId: invoice.id })
      : ({ kind: "none" } as const);
    return { ...invoice, ownInvoice, cardAction };
  } catch (error) {
    throwRefusal(error, localeOfRequest(request, actor.locale));
  }
}

/** Pay now (the saved card, at once) or, after Stripe.js confirmed a 3-D Secure payment, record it. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = context.get(currentUserContext);
  const submission = await parseForm(request, InvoicePaymentSchema);
  try {
    const invoice = await getFamilyInvoice({ actor, invoiceNumber: params.invoiceNumber });
    const target = { userId: actor.id, invoiceId: invoice.id };
    // Another family's invoice is "not found" before an unknown intent is refused.
    if (submission.status !== "success") throw new Response(null, { status: 400 });
    if (submission.value.intent === "pay-now") return { outcome: await payInvoiceNow(target) };
    return { outcome: (await settleConfirmedPayment(target)) ? "paid" : "pending" };
  } catch (error) {
    throwRefusal(error, localeOfRequest(request, actor.locale));
  }
}

export default function ClientInvoice({ loaderData }: Route.ComponentProps) {
  const invoice = loaderData;
  const { t, locale } = useT("billing");
  const format = useFormat();
  const words = invoiceWords(invoice, t, locale);
  return (
    <div className="space-y-6">
      <Link to="/dashboard/billing" className={`${linkClass} inline-flex items-center gap-1`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("invoice.back")}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t("invoice.heading", { invoiceNumber: invoice.invoiceNumber })}
            <InvoiceStatusBadge status={invoice.status} />
          </h1>
          <p className="mt-1 text-slate-700 dark:text-slate-200">
            {t("invoice.forOrder", { orderNumber: invoice.orderNumber })}
          </p>
          {!invoice.ownInvoice && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t("invoice.holderAccount", { name: invoice.holderName })}
            </p>
          )}
        </div>
        {/* A download, not a page: the browser saves the PDF (reloadDocument skips client routing). */}
        <Link
          to={`/dashboard/billing/${invoice.invoiceNumber}/pdf`}
          reloadDocument
          download={`${invoice.invoiceNumber}.pdf`}
          className={`${secondaryButtonClass} gap-2`}
        >
          <Download aria-hidden="true" className="size-4" />
          {t("invoice.downloadPdf")}
        </Link>
      </div>

      <InvoiceCardPanel action={invoice.cardAction} />
      <HowToPaySection howToPay={invoice.howToPay} hasCardOption={invoice.cardAction.kind !== "none"} />

      <dl className="grid gap-3 sm:grid-cols-4">
        {words.facts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800">
            <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="visits-heading" className={sectionClass}>
        <h2 id="visits-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("invoice.visitsHeading")}
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {words.visits.map((visit, index) => (
            <li key={index} className="py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold text-slate-900 dark:text-white">
                  {visit.date} · {visit.times}
                </p>
                <p className="font-semibold text-slate-900 tabular-nums dark:text-white">{visit.amount}</p>
              </div>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                <span className="sr-only">{t("invoice.columns.hours")}: </span>
                {visit.hours} × {visit.rate}
              </p>
              {visit.notes.length > 0 && (
                <ul className="mt-1 space-y-0.5 text-sm text-slate-600 dark:text-slate-300">
                  {visit.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{words.timeZoneNote}</p>
      </section>

      <section aria-labelledby="summary-heading" className={sectionClass}>
        <h2 id="summary-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("invoice.summaryHeading")}
        </h2>
        <dl className="mt-3 space-y-2">
          {words.summary.map((row) => (
            <div
              key={row.key}
              data-testid={`summary-${row.key}`}
              className={`flex justify-between gap-4 ${
                row.isTotal
                  ? "border-t border-slate-200 pt-2 text-lg font-bold text-slate-900 dark:border-slate-700 dark:text-white"
                  : "text-slate-700 dark:text-slate-200"
              }`}
            >
              <dt>{row.label}</dt>
              <dd className="tabular-nums">{row.amount}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="payments-heading" className={sectionClass}>
        <h2 id="payments-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("invoice.paymentsHeading")}
        </h2>
        {words.payments.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("invoice.noPayments")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {words.payments.map((payment, index) => (
              <li key={index} className="flex flex-wrap justify-between gap-2 py-2 text-slate-700 dark:text-slate-200">
                <span>{payment.text}</span>
                <span className="font-semibold tabular-nums">
                  {payment.kind === "refund" ? "−" : ""}
                  {format.money(payment.amountCents)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT("billing");
  return (
    <AreaError
      error={error}
      heading={t("invoice.notFoundHeading")}
      text={t("invoice.notFound")}
      backTo="/dashboard/billing"
      backLabel={t("invoice.back")}
    />
  );
}
