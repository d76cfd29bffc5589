import { ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { linkClass, primaryButtonClass, sectionClass } from "~/components/form-controls";
import { listFamilyInvoices } from "~/features/billing/family-billing.server";
import { periodWords } from "~/features/billing/invoice-words";
import { metaT, useFormat, useT } from "~/i18n/react";
import { InvoiceStatusBadge } from "~/components/orders/invoice-status-badge";
import type { Route } from "./+types/billing";

// The family's billing (/dashboard/billing; docs/product-rules.md, "Billing and pay"): their
// invoices, newest first, with period, status, total and due date, and their credit. The area's
// guard lets only families in; listFamilyInvoices reads only the acting family's invoices.

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "billing");
  return [{ title: t("list.metaTitle") }, { name: "description", content: t("list.metaDescription") }];
};

export async function loader({ context }: Route.LoaderArgs) {
  return listFamilyInvoices({ actor: context.get(currentUserContext) });
}

export default function ClientBilling({ loaderData }: Route.ComponentProps) {
  const { invoices, creditBalanceCents } = loaderData;
  const { t, locale } = useT("billing");
  const format = useFormat();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t("list.heading")}
        </h1>
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-200">{t("list.intro")}</p>
      </div>

      {creditBalanceCents > 0 && (
        <section aria-labelledby="credit-heading" className={sectionClass}>
          <h2 id="credit-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("list.creditHeading")}
          </h2>
          <p className="mt-1 text-2xl font-bold text-teal-800 dark:text-teal-200" data-testid="credit-balance">
            {format.money(creditBalanceCents)}
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-200">{t("list.creditText")}</p>
        </section>
      )}

      {invoices.length === 0 ? (
        <section className={`${sectionClass} text-center`}>
          <ReceiptText aria-hidden="true" className="mx-auto size-10 text-teal-700 dark:text-teal-300" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{t("list.emptyHeading")}</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("list.emptyText")}</p>
          <Link to="/dashboard/appointments" className={`${primaryButtonClass} mt-4`}>
            {t("list.seeAppointments")}
          </Link>
        </section>
      ) : (
        <section aria-labelledby="invoices-heading" className={sectionClass}>
          <h2 id="invoices-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("list.invoicesHeading")}
          </h2>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="sr-only sm:not-sr-only">
                <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t("list.columns.invoice")}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t("list.columns.period")}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t("list.columns.status")}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    {t("list.columns.total")}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t("list.columns.dueDate")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                {invoices.map((invoice) => {
                  const due = format.date(invoice.dueAt, { timeZone: invoice.timeZone, style: "medium" });
                  return (
                    <tr
                      key={invoice.invoiceNumber}
                      className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 py-3 sm:table-row sm:py-0"
                    >
                      <td className="sm:py-3 sm:pr-4">
                        <Link to={`/dashboard/billing/${invoice.invoiceNumber}`} className={linkClass}>
                          {invoice.invoiceNumber}
                        </Link>
                        <span className="block text-xs text-slate-600 dark:text-slate-300">
                          {t("list.orderLabel", { orderNumber: invoice.orderNumber })}
                        </span>
                        {invoice.holderName && (
                          <span className="block text-xs text-slate-600 dark:text-slate-300">
                            {t("list.holderAccount", { name: invoice.holderName })}
                          </span>
                        )}
                      </td>
                      <td className="col-span-2 row-start-2 text-slate-700 sm:py-3 sm:pr-4 dark:text-slate-200">
                        {periodWords(invoice.periodStart, invoice.periodEnd, t, locale)}
                      </td>
                      <td className="col-start-2 row-start-1 justify-self-end sm:py-3 sm:pr-4">
                        <InvoiceStatusBadge status={invoice.status} />
                      </td>
                      <td className="row-start-3 font-semibold text-slate-900 tabular-nums sm:py-3 sm:pr-4 sm:text-right dark:text-white">
                        {format.money(invoice.totalCents)}
                      </td>
                      <td className="col-start-2 row-start-3 text-right text-slate-700 sm:py-3 sm:text-left dark:text-slate-200">
                        <span className="sm:hidden">{t("list.dueOn", { date: due })}</span>
                        <span className="hidden sm:inline">{due}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
