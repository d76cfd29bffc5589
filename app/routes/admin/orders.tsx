import { format } from "date-fns";
import { Form, Link, useNavigation } from "react-router";
import { requireRole } from "~/auth/session.server";
import { PageLinks } from "~/components/page-links";
import {
  SelectField,
  SubmitButton,
  TextField,
  linkClass,
  secondaryButtonClass,
  sectionClass,
} from "~/components/form-controls";
import { AdminOrdersQuerySchema, ORDER_STATUS_LABELS } from "~/features/orders/orders.schema";
import { listAdminOrders } from "~/features/orders/queries.server";
import { formatCents } from "~/features/pricing/quote";
import { ORDER_STATUSES } from "~/db/schema";
import { SERVICES } from "~/utils/services";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [
  { title: "Orders | Tendly" },
  { name: "description", content: "Every care order on the platform." },
];

function utcDate(date: Date) {
  return format(new Date(date.getTime() + date.getTimezoneOffset() * 60_000), "MMM d, yyyy");
}

const serviceTitle = (id: string) => SERVICES.find((service) => service.id === id)?.title ?? id;

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = AdminOrdersQuerySchema.parse(params);
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
    },
  });
  return {
    query: { ...query, status: query.status ?? "", from: query.from ?? "", to: query.to ?? "" },
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    orders: list.orders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      submitted: utcDate(order.createdAt),
      client: order.clientName,
      clientEmail: order.clientEmail,
      caregiver: order.caregiverName,
      services: order.services.map(serviceTitle).join(", "),
      place: order.city ?? "",
      starts: format(new Date(`${order.startDate}T12:00:00`), "MMM d, yyyy"),
      price: `${formatCents(order.totalCents)}${order.period === "week" ? " a week" : ""}`,
    })),
  };
}

type LoaderData = Route.ComponentProps["loaderData"];

function pageLink(query: LoaderData["query"], page: number) {
  const params = new URLSearchParams();
  for (const key of ["status", "from", "to", "caregiver", "client", "q"] as const) {
    if (query[key]) params.set(key, String(query[key]));
  }
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/orders?${search}` : "/admin/orders";
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { query, orders, total, page, pageCount } = loaderData;
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location.pathname === "/admin/orders";
  const filtered = Boolean(query.status || query.from || query.to || query.caregiver || query.client || query.q);
  const cell = "block px-0 py-0.5 md:table-cell md:px-3 md:py-2";
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Orders</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Every care order on the platform, newest first.</p>
      </header>
      <section aria-labelledby="filter-heading" className={sectionClass}>
        <h2 id="filter-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Find orders
        </h2>
        <Form method="get" className="mt-4 space-y-4" key={pageLink(query, 1)}>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextField
              label="Order number"
              name="q"
              type="search"
              defaultValue={query.q}
              maxLength={40}
              hint="All or part of it, e.g. TN-2026-000123."
            />
            <SelectField label="Status" name="status" defaultValue={query.status}>
              <option value="">Any status</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ORDER_STATUS_LABELS[status]}
                </option>
              ))}
            </SelectField>
            <TextField label="Client" name="client" defaultValue={query.client} maxLength={100} hint="Name or email." />
            <TextField
              label="Caregiver"
              name="caregiver"
              defaultValue={query.caregiver}
              maxLength={100}
              hint="Name or email."
            />
            <TextField label="Submitted from" name="from" type="date" defaultValue={query.from} />
            <TextField label="Submitted until" name="to" type="date" defaultValue={query.to} />
          </div>
          <div className="flex flex-wrap gap-3">
            <SubmitButton isPending={isLoading} pendingLabel="Searching...">
              Show orders
            </SubmitButton>
            {filtered && (
              <Link to="/admin/orders" className={secondaryButtonClass}>
                Clear filters
              </Link>
            )}
          </div>
        </Form>
      </section>
      <section aria-labelledby="orders-heading" className={sectionClass}>
        <h2 id="orders-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Results
        </h2>
        <output className="mt-2 block text-sm text-slate-600 dark:text-slate-300">
          {total === 0
            ? filtered
              ? "No orders match these filters."
              : "No orders yet. They appear here as soon as a family submits a care request."
            : `${total} ${total === 1 ? "order" : "orders"} · page ${page} of ${pageCount}`}
        </output>
        {orders.length > 0 && (
          <table className="mt-3 block w-full text-left text-sm md:table">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="sr-only md:not-sr-only md:table-header-group">
              <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
                {["Order", "Status", "Client", "Caregiver", "Care", "Price"].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 md:table-row-group dark:divide-slate-700">
              {orders.map((order) => (
                <tr key={order.id} className="block py-3 md:table-row md:py-0">
                  <td className={cell}>
                    <Link to={`/admin/orders/${order.id}`} className={linkClass}>
                      {order.orderNumber}
                    </Link>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      Submitted {order.submitted}
                    </span>
                  </td>
                  <td className={`${cell} text-slate-800 dark:text-slate-100`}>
                    <span className="md:hidden">Status: </span>
                    {ORDER_STATUS_LABELS[order.status]}
                  </td>
                  <td className={`${cell} break-all text-slate-800 dark:text-slate-100`}>
                    <span className="md:hidden">Client: </span>
                    {order.client}
                    <span className="block text-xs text-slate-600 dark:text-slate-300">{order.clientEmail}</span>
                  </td>
                  <td className={`${cell} text-slate-800 dark:text-slate-100`}>
                    <span className="md:hidden">Caregiver: </span>
                    {order.caregiver ?? "Not yet"}
                  </td>
                  <td className={`${cell} text-slate-800 dark:text-slate-100`}>
                    {order.services}
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {order.place ? `${order.place} · ` : ""}from {order.starts}
                    </span>
                  </td>
                  <td className={`${cell} text-slate-800 dark:text-slate-100`}>
                    <span className="md:hidden">Price: </span>
                    {order.price}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <PageLinks
          label="Pages of orders"
          page={page}
          pageCount={pageCount}
          hrefFor={(target) => pageLink(query, target)}
          linkClassName={secondaryButtonClass}
        />
      </section>
    </div>
  );
}
