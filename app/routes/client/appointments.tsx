import { CalendarPlus } from "lucide-react";
import { Link } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { linkClass, primaryButtonClass, sectionClass } from "~/components/form-controls";
import { listClientOrders } from "~/features/orders/client-orders.server";
import { metaT, useLabels, useT } from "~/i18n/react";
import {
  OrderStatusBadge,
  scheduleSummary,
  useScheduleWords,
  useServiceNames,
} from "~/components/orders/order-display";
import { formatVisitDateTime } from "~/utils/datetime";
import type { Route } from "./+types/appointments";
import { ZoneLabel } from "~/components/viewer-time-zone";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "orders");
  return [{ title: t("appointments.metaTitle") }, { name: "description", content: t("appointments.metaDescription") }];
};

export async function loader({ context }: Route.LoaderArgs) {
  return listClientOrders({ actor: context.get(currentUserContext) });
}

type Visit = Route.ComponentProps["loaderData"]["upcomingVisits"][number];

function VisitList({ id, title, visits, empty }: { id: string; title: string; visits: Visit[]; empty: string }) {
  const { t, locale } = useT("orders");
  const labels = useLabels();
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
                  {formatVisitDateTime(visit.startsAt, visit.timeZone, { locale })}
                  <ZoneLabel at={visit.startsAt} timeZone={visit.timeZone} />
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {visit.caregiverName ? `${t("appointments.withCaregiver", { name: visit.caregiverName })} · ` : ""}
                  <Link to={`/dashboard/appointments/order/${visit.orderId}`} className={linkClass}>
                    {t("order.title", { orderNumber: visit.orderNumber })}
                  </Link>
                </p>
              </div>
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">
                {labels.visitStatus(visit.status)}
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
  const { t } = useT("orders");
  const serviceNames = useServiceNames();
  const scheduleWords = useScheduleWords();
  if (orders.length === 0) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t("appointments.heading")}
        </h1>
        <section className={`${sectionClass} text-center`}>
          <CalendarPlus aria-hidden="true" className="mx-auto size-10 text-teal-700 dark:text-teal-300" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">
            {t("appointments.emptyHeading")}
          </h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("appointments.emptyText")}</p>
          <Link to="/request" className={`${primaryButtonClass} mt-4`}>
            {t("appointments.requestCare")}
          </Link>
        </section>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t("appointments.heading")}
        </h1>
        <Link to="/request" className={primaryButtonClass}>
          {t("appointments.requestCare")}
        </Link>
      </div>
      <VisitList
        id="upcoming-heading"
        title={t("appointments.upcomingVisits")}
        visits={upcomingVisits}
        empty={t("appointments.noUpcomingVisits")}
      />
      <section aria-labelledby="orders-heading" className={sectionClass}>
        <h2 id="orders-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("appointments.yourOrders")}
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <Link to={`/dashboard/appointments/order/${order.id}`} className={linkClass}>
                  {t("order.title", { orderNumber: order.orderNumber })}
                </Link>
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {serviceNames(order.services)} · {scheduleSummary(order.schedule, scheduleWords)}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {order.caregiverName
                    ? t("appointments.caregiver", { name: order.caregiverName })
                    : t("appointments.caregiverNotConfirmed")}
                </p>
              </div>
              <OrderStatusBadge status={order.status} />
            </li>
          ))}
        </ul>
      </section>
      <VisitList
        id="past-heading"
        title={t("appointments.pastVisits")}
        visits={pastVisits}
        empty={t("appointments.noPastVisits")}
      />
    </div>
  );
}
