import { Form, Link, useNavigation } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { FilterSelect, ListHeaderCells, ListPager, SortLinks, listView, viewHref } from "~/components/list-kit";
import { searchParamsObject } from "~/utils/list-params";
import {
  CheckboxField,
  FormNotice,
  SubmitButton,
  TextField,
  linkClass,
  secondaryButtonClass,
  sectionClass,
} from "~/components/form-controls";
import { listAdminInvoices } from "~/features/billing/admin-billing.server";
import { ADMIN_INVOICE_FILTERS, AdminInvoicesQuerySchema } from "~/features/billing/admin-billing-rules";
import { calendarDate } from "~/features/billing/invoice-words";
import { formatMoney } from "~/utils/money";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { formatDate } from "~/utils/datetime";
import { InvoiceStatusBadge, useInvoiceStatusWord } from "~/components/orders/invoice-status-badge";
import { getPaymentInstructionsForAdmin } from "~/features/billing/payment-instructions.server";
import { PaymentInstructionsForm } from "~/components/admin/payment-instructions-form";
import { formatDateTime, VIEWER_TIME_ZONE } from "~/utils/datetime";
import { paymentInstructionsAction } from "./billing.server";
import type { Route } from "./+types/billing";

// The invoices for admins (docs/product-rules.md, "Billing and pay"): by status and a search of
// invoice number, order number or the family's email; a table on wide screens, cards at 390 px.
// Below, the payment instructions families read on unpaid invoices, their own form
// (docs/product-rules.md, "How to pay an invoice").

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin-billing");
  return [{ title: t("meta.listTitle") }, { name: "description", content: t("meta.listDescription") }];
};

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "admin-billing", actor.locale);
  const query = AdminInvoicesQuerySchema.parse(searchParamsObject(url.searchParams));
  const [list, payment] = await Promise.all([
    listAdminInvoices({ actor, filters: { ...query, search: query.q, chargeFailed: query.payment === "failed" } }),
    getPaymentInstructionsForAdmin({ actor }),
  ]);
  return {
    instructions: payment.instructions,
    instructionsHistory: payment.history.map((change) => ({
      when: formatDateTime(change.at, VIEWER_TIME_ZONE, locale),
      name: change.byName ?? t("instructions.removedAdmin"),
      fields: change.changed.map((field) => t(`instructions.fields.${field}`, { defaultValue: field })).join(", "),
    })),
    view: listView("/admin/billing", query, list),
    invoices: list.invoices.map((invoice) => ({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: invoice.orderNumber,
      family: invoice.clientName,
      familyEmail: invoice.clientEmail,
      status: invoice.status,
      period: { start: calendarDate(invoice.periodStart, locale), end: calendarDate(invoice.periodEnd, locale) },
      due: formatDate(invoice.dueAt, invoice.timeZone, locale),
      total: formatMoney(invoice.totalCents, locale),
      owed: formatMoney(invoice.owedCents, locale),
    })),
  };
}

/** The page's one form that changes anything: the payment instructions (intent "payment-instructions"). */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale } = getServerT(request, "admin-billing", actor.locale);
  return paymentInstructionsAction(actor, request, locale);
}

export default function AdminBilling({ loaderData }: Route.ComponentProps) {
  const { view, invoices, instructions, instructionsHistory } = loaderData;
  const { params: query, total } = view;
  const { t: tl } = useT("lists");
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location.pathname === "/admin/billing";
  const filtered = Boolean(query.status || query.q || query.payment);
  const { t } = useT("admin-billing");
  const statusWord = useInvoiceStatusWord();
  const cell = "block px-0 py-0.5 md:table-cell md:px-3 md:py-2";
  const sorts: Partial<Record<string, string>> = { invoice: "number", status: "due", total: "total" };
  const columns = (["invoice", "family", "status", "total", "owed"] as const).map((key) => ({
    key,
    label: t(`list.columns.${key}`),
    sort: sorts[key],
  }));
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("list.heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("list.intro")}</p>
      </header>
      {!instructions && (
        <FormNotice tone="warning">
          {t("instructions.missing")}{" "}
          <a href="#payment-instructions" className={linkClass}>
            {t("instructions.setLink")}
          </a>
        </FormNotice>
      )}
      <section aria-labelledby="filter-heading" className={sectionClass}>
        <h2 id="filter-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("list.findHeading")}
        </h2>
        <Form method="get" className="mt-4 space-y-4" key={viewHref(view, { page: 1 })}>
          {query.sort !== "issued" && <input type="hidden" name="sort" value={query.sort} />}
          {query.dir !== "desc" && <input type="hidden" name="dir" value={query.dir} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("list.search")}
              name="q"
              type="search"
              defaultValue={query.q}
              maxLength={100}
              hint={t("list.searchHint")}
            />
            <FilterSelect
              label={t("list.status")}
              name="status"
              value={query.status}
              anyLabel={t("list.anyStatus")}
              values={ADMIN_INVOICE_FILTERS}
              labelOf={(status) => statusWord(status as (typeof ADMIN_INVOICE_FILTERS)[number])}
            />
          </div>
          <CheckboxField
            label={t("list.failedPayments")}
            name="payment"
            value="failed"
            defaultChecked={query.payment === "failed"}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton isPending={isLoading} pendingLabel={t("list.searching")}>
              {t("list.show")}
            </SubmitButton>
            {filtered && (
              <Link to="/admin/billing" className={secondaryButtonClass}>
                {t("list.clear")}
              </Link>
            )}
          </div>
        </Form>
      </section>
      <section aria-labelledby="invoices-heading" className={sectionClass} aria-busy={isLoading || undefined}>
        <h2 id="invoices-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("list.results")}
        </h2>
        <output className="mt-2 block text-sm text-slate-600 dark:text-slate-300">
          {total === 0 ? (filtered ? t("list.noMatch") : t("list.noneYet")) : t("list.count", { count: total })}
        </output>
        <div className="mt-3 md:hidden">
          <SortLinks
            view={view}
            label={tl("invoices.sortLabel")}
            columns={[
              { column: "issued", label: tl("invoices.sort.issued"), firstDir: "desc" },
              { column: "number", label: tl("invoices.sort.number") },
              { column: "due", label: tl("invoices.sort.due") },
              { column: "total", label: tl("invoices.sort.total"), firstDir: "desc" },
            ]}
          />
        </div>
        {invoices.length > 0 && (
          <table className="mt-3 block w-full text-left text-sm md:table">
            <caption className="sr-only">{t("list.caption")}</caption>
            <thead className="sr-only md:not-sr-only md:table-header-group">
              <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
                <ListHeaderCells view={view} columns={columns} />
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 md:table-row-group dark:divide-slate-700">
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="block py-3 md:table-row md:py-0" data-testid="invoice-row">
                  <td className={cell}>
                    <Link to={`/admin/billing/${invoice.invoiceNumber}`} className={linkClass}>
                      {invoice.invoiceNumber}
                    </Link>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {t("list.order", { orderNumber: invoice.orderNumber })} · {t("list.period", invoice.period)}
                    </span>
                  </td>
                  <td className={`${cell} break-all text-slate-800 dark:text-slate-100`}>
                    <span className="md:hidden">{t("list.familyPrefix")}</span>
                    {invoice.family}
                    <span className="block text-xs text-slate-600 dark:text-slate-300">{invoice.familyEmail}</span>
                  </td>
                  <td className={`${cell} text-slate-800 dark:text-slate-100`}>
                    <span className="md:hidden">{t("list.statusPrefix")}</span>
                    <InvoiceStatusBadge status={invoice.status} />
                    {(invoice.status === "due" || invoice.status === "overdue") && (
                      <span className="block text-xs text-slate-600 dark:text-slate-300">
                        {t("list.dueOn", { date: invoice.due })}
                      </span>
                    )}
                  </td>
                  <td className={`${cell} text-slate-800 tabular-nums dark:text-slate-100`}>
                    <span className="md:hidden">{t("list.totalPrefix")}</span>
                    {invoice.total}
                  </td>
                  <td className={`${cell} text-slate-800 tabular-nums dark:text-slate-100`}>
                    <span className="md:hidden">{t("list.owedPrefix")}</span>
                    {invoice.owed}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ListPager view={view} label={t("list.pagesLabel")} />
      </section>
      <PaymentInstructionsForm instructions={instructions} history={instructionsHistory} />
    </div>
  );
}
