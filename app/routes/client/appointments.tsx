import { CalendarPlus } from "lucide-react";
import { Link } from "react-router";
import { currentUserContext } from "~/auth/guards.server";
import { linkClass, primaryButtonClass, sectionClass } from "~/components/form-controls";
import { listClientOrders } from "~/features/orders/queries.server";
import { OrderStatusBadge, formatDateTime, serviceNames } from "~/routes/shared/order-display";
import type { Route } from "./+types/appointments";

export const meta: Route.MetaFunction = () => [
  { title: "Appointments | Tendly" },
  { name: "description", content: "Your care visits and orders." },
];

export async function loader({ context }: Route.LoaderArgs) {
  return listClientOrders({ actor: context.get(currentUserContext) });
}

type Visit = Route.ComponentProps["loaderData"]["upcomingVisits"][number];

function VisitList({ id, title, visits, empty }: { id: string; title: string; visits: Visit[]; empty: string }) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {visits.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {visits.map((visit) => (
            <li key={visit.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-medium text-slate-900 dark:text-white">
                  {formatDateTime(visit.startsAt, visit.timeZone)}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {visit.caregiverName ? `With ${visit.caregiverName} · ` : ""}
                  <Link to={`/dashboard/appointments/order/${visit.orderId}`} className={linkClass}>
                    Order {visit.orderNumber}
                  </Link>
                </p>
              </div>
              <span className="text-sm font-medium text-slate-700 capitalize dark:text-slate-200">
                {visit.status.replace("_", " ")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ClientAppointments({ loaderData }: Route.ComponentProps) {
  const { orders, upcomingVisits, pastVisits } = loaderData;
  if (orders.length === 0) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">Appointments</h1>
        <section className={`${sectionClass} text-center`}>
          <CalendarPlus aria-hidden="true" className="mx-auto size-10 text-teal-700 dark:text-teal-300" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">No care booked yet</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Tell us what you need and we match you with vetted caregivers nearby.
          </p>
          <Link to="/request" className={`${primaryButtonClass} mt-4`}>
            Request care
          </Link>
        </section>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">Appointments</h1>
        <Link to="/request" className={primaryButtonClass}>
          Request care
        </Link>
      </div>
      <VisitList id="upcoming-heading" title="Upcoming visits" visits={upcomingVisits} empty="No upcoming visits." />
      <section aria-labelledby="orders-heading" className={sectionClass}>
        <h2 id="orders-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Your orders
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <Link to={`/dashboard/appointments/order/${order.id}`} className={linkClass}>
                  Order {order.orderNumber}
                </Link>
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {serviceNames(order.services)} · {order.scheduleSummary}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {order.caregiverName ? `Caregiver: ${order.caregiverName}` : "Caregiver not confirmed yet"}
                </p>
              </div>
              <OrderStatusBadge status={order.status} />
            </li>
          ))}
        </ul>
      </section>
      <VisitList id="past-heading" title="Past visits" visits={pastVisits} empty="No past visits yet." />
    </div>
  );
}
