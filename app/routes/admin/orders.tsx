import { VIEWER_TIME_ZONE, formatDate } from "~/utils/datetime";
import { Form, Link, useNavigation } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { ListHeaderCells, ListPager, SortLinks, listView, viewHref } from "~/components/list-kit";
import { searchParamsObject } from "~/utils/list-params";
import {
  SelectField,
  SubmitButton,
  TextField,
  linkClass,
  secondaryButtonClass,
  sectionClass,
} from "~/components/form-controls";
import { AdminOrdersQuerySchema, ORDER_STATUSES } from "~/features/orders/orders.schema";
import { listAdminOrders, listOrdersNeedingCaregiver } from "~/features/orders/admin-orders.server";
import { formatMoney } from "~/utils/money";
import { getServerT, labelsFor } from "~/i18n/i18n.server";
import { metaT, useLabels, useT } from "~/i18n/react";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [{ title: t("orders.metaTitle") }, { name: "description", content: t("orders.metaDescription") }];
};

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "admin", actor.locale);
  const labels = labelsFor(locale);
  const query = AdminOrdersQuerySchema.parse(searchParamsObject(url.searchParams));
  const list = await listAdminOrders({
    actor,
    filters: {
      status: query.status,
      from: query.from,
      to: query.to,
      caregiver: query.caregiver,
      client: query.client,
      search: query.q,
      page: query.page,
      perPage: query.perPage,
      sort: query.sort,
      dir: query.dir,
    },
  });
  const needs = await listOrdersNeedingCaregiver({ actor });
  return {
    // The team's queue, oldest first (docs/product-rules.md, "When no caregiver matches").
    needs: {
      total: needs.total,
      orders: needs.orders.map((order) => ({
        id: order.id,
        orderNumber: order.orderNumber,
        since: formatDate(order.since, VIEWER_TIME_ZONE, locale),
        client: order.clientName,
        services: order.services.map(labels.service).join(", "),
        place: order.city ?? "",
        starts: formatDate(`${order.startDate}T00:00:00Z`, "UTC", locale),
        offersTried: order.offersTried,
      })),
    },
    view: listView("/admin/orders", query, list),
    orders: list.orders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      submitted: formatDate(order.createdAt, VIEWER_TIME_ZONE, locale),
      client: order.clientName,
      clientEmail: order.clientEmail,
      caregiver: order.caregiverName,
      services: order.services.map(labels.service).join(", "),
      place: order.city ?? "",
      // A calendar date ("Dec 7, 2026"), read the same in every zone.
      starts: formatDate(`${order.startDate}T00:00:00Z`, "UTC", locale),
      price:
        order.period === "week"
          ? t("common.perWeek", { amount: formatMoney(order.totalCents, locale) })
          : formatMoney(order.totalCents, locale),
    })),
  };
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { view, orders, needs } = loaderData;
  const { params: query, total } = view;
  const { t: tl } = useT("lists");
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location.pathname === "/admin/orders";
  const filtered = Boolean(query.status || query.from || query.to || query.caregiver || query.client || query.q);
  const cell = "block px-0 py-0.5 md:table-cell md:px-3 md:py-2";
  const { t } = useT("admin");
  const labels = useLabels();
  const sorts: Partial<Record<string, string>> = { order: "number", status: "status", care: "starts" };
  const columns = (["order", "status", "client", "caregiver", "care", "price"] as const).map((key) => ({
    key,
    label: t(`orders.columns.${key}`),
    sort: sorts[key],
  }));
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("orders.heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("orders.intro")}</p>
      </header>
      <NeedsCaregiver needs={needs} />
      <section aria-labelledby="filter-heading" className={sectionClass}>
        <h2 id="filter-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("orders.findHeading")}
        </h2>
        <Form method="get" className="mt-4 space-y-4" key={viewHref(view, { page: 1 })}>
          {query.sort !== "submitted" && <input type="hidden" name="sort" value={query.sort} />}
          {query.dir !== "desc" && <input type="hidden" name="dir" value={query.dir} />}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextField
              label={t("orders.orderNumber")}
              name="q"
              type="search"
              defaultValue={query.q}
              maxLength={40}
              hint={t("orders.orderNumberHint")}
            />
            <SelectField label={t("orders.status")} name="status" defaultValue={query.status ?? ""}>
              <option value="">{t("orders.anyStatus")}</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {labels.orderStatus(status)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t("orders.client")}
              name="client"
              defaultValue={query.client}
              maxLength={100}
              hint={t("orders.nameOrEmail")}
            />
            <TextField
              label={t("orders.caregiver")}
              name="caregiver"
              defaultValue={query.caregiver}
              maxLength={100}
              hint={t("orders.nameOrEmail")}
            />
            <TextField label={t("orders.from")} name="from" type="date" defaultValue={query.from ?? ""} />
            <TextField label={t("orders.until")} name="to" type="date" defaultValue={query.to ?? ""} />
          </div>
          <div className="flex flex-wrap gap-3">
            <SubmitButton isPending={isLoading} pendingLabel={t("common.searching")}>
              {t("orders.showOrders")}
            </SubmitButton>
            {filtered && (
              <Link to="/admin/orders" className={secondaryButtonClass}>
                {t("orders.clearFilters")}
              </Link>
            )}
          </div>
        </Form>
      </section>
      <section aria-labelledby="orders-heading" className={sectionClass}>
        <h2 id="orders-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("orders.results")}
        </h2>
        <output className="mt-2 block text-sm text-slate-600 dark:text-slate-300">
          {total === 0 ? (filtered ? t("orders.noMatch") : t("orders.noneYet")) : t("orders.count", { count: total })}
        </output>
        <div className="mt-3 md:hidden">
          <SortLinks
            view={view}
            label={tl("orders.sortLabel")}
            columns={[
              { column: "submitted", label: tl("orders.sort.submitted"), firstDir: "desc" },
              { column: "number", label: tl("orders.sort.number") },
              { column: "status", label: tl("orders.sort.status") },
              { column: "starts", label: tl("orders.sort.starts") },
            ]}
          />
        </div>
        {orders.length > 0 && (
          <table className="mt-3 block w-full text-left text-sm md:table">
            <caption className="sr-only">{t("orders.caption")}</caption>
            <thead className="sr-only md:not-sr-only md:table-header-group">
              <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
                <ListHeaderCells view={view} columns={columns} />
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 md:table-row-group dark:divide-slate-700">
              {orders.map((order) => (
                <tr key={order.id} className="block py-3 md:table-row md:py-0">
                  <td className={cell}>
                    <Link to={`/admin/orders/${order.id}`} className={`${linkClass} whitespace-nowrap`}>
                      {order.orderNumber}
                    </Link>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {t("orders.submitted", { date: order.submitted })}
                    </span>
                  </td>
                  <td className={`${cell} text-slate-800 dark:text-slate-100`}>
                    <span className="md:hidden">{t("orders.statusPrefix")}</span>
                    {labels.orderStatus(order.status)}
                  </td>
                  <td className={`${cell} break-all text-slate-800 dark:text-slate-100`}>
                    <span className="md:hidden">{t("orders.clientPrefix")}</span>
                    {order.client}
                    <span className="block text-xs text-slate-600 dark:text-slate-300">{order.clientEmail}</span>
                  </td>
                  <td className={`${cell} text-slate-800 dark:text-slate-100`}>
                    <span className="md:hidden">{t("orders.caregiverPrefix")}</span>
                    {order.caregiver ?? t("common.notYet")}
                  </td>
                  <td className={`${cell} text-slate-800 dark:text-slate-100`}>
                    {order.services}
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {order.place
                        ? t("orders.placeStartsFrom", { place: order.place, date: order.starts })
                        : t("orders.startsFrom", { date: order.starts })}
                    </span>
                  </td>
                  <td className={`${cell} text-slate-800 dark:text-slate-100`}>
                    <span className="md:hidden">{t("orders.pricePrefix")}</span>
                    {order.price}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ListPager view={view} label={t("orders.pagesLabel")} />
      </section>
    </div>
  );
}

function NeedsCaregiver({ needs }: { needs: LoaderData["needs"] }) {
  const { t } = useT("admin");
  return (
    <section aria-labelledby="needs-heading" className={sectionClass}>
      <h2 id="needs-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("orders.needs.heading")}{" "}
        <span className="ml-1 inline-flex min-w-7 items-center justify-center rounded-full bg-amber-100 px-2 text-base text-amber-900 dark:bg-amber-900 dark:text-amber-50">
          {needs.total}
        </span>
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("orders.needs.intro")}</p>
      <output className="mt-2 block text-sm font-medium text-slate-800 dark:text-slate-100">
        {needs.total === 0 ? t("orders.needs.none") : t("orders.needs.count", { count: needs.total })}
      </output>
      {needs.orders.length > 0 && (
        <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {needs.orders.map((order) => (
            <li key={order.id} className="py-3 text-sm">
              <Link to={`/admin/orders/${order.id}`} className={`${linkClass} whitespace-nowrap`}>
                {order.orderNumber}
              </Link>
              <span className="text-slate-800 dark:text-slate-100"> · {order.client}</span>
              <span className="block text-slate-700 dark:text-slate-200">
                {order.services} ·{" "}
                {order.place
                  ? t("orders.placeStartsFrom", { place: order.place, date: order.starts })
                  : t("orders.startsFrom", { date: order.starts })}
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                {t("orders.needs.waitingSince", { date: order.since })} ·{" "}
                {order.offersTried > 0
                  ? t("orders.needs.offersTried", { count: order.offersTried })
                  : t("orders.needs.noneMatched")}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
