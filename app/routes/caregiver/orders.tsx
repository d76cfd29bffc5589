import { Link } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { linkClass, sectionClass } from "~/components/form-controls";
import { listCaregiverOrders } from "~/features/orders/caregiver-orders.server";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useFormat, useT } from "~/i18n/react";
import {
  OrderStatusBadge,
  scheduleSummary,
  useScheduleWords,
  useServiceNames,
} from "~/components/orders/order-display";
import type { Route } from "./+types/orders";
import { OfferResponse } from "~/components/caregiver/offer-response";
import { respondToOfferAction } from "./order.server";
import { useZonedTime } from "~/components/viewer-time-zone";
import { KeepTogether } from "~/components/keep-together";
import { TrainingGateNotice } from "~/components/training/training-gate";
import { trainingNotice } from "~/features/training/public.server";
import { credentialNotice } from "~/features/credentials/public.server";
import { CredentialGateNotice } from "~/components/credentials/credential-gate";
import { localeOfRequest } from "~/i18n/locale";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "orders");
  return [
    { title: t("caregiverOrders.metaTitle") },
    { name: "description", content: t("caregiverOrders.metaDescription") },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const [orders, training, credentials] = await Promise.all([
    listCaregiverOrders({ actor: user }),
    trainingNotice({ actor: user, locale: localeOfRequest(request, user.locale) }),
    credentialNotice({ actor: user }),
  ]);
  return { ...orders, training, credentials };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale } = getServerT(request, "orders", user.locale);
  return respondToOfferAction(user, request, locale);
}

export default function CaregiverOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { offers, orders, training, credentials } = loaderData;
  const { t } = useT("orders");
  const zoned = useZonedTime();
  const format = useFormat();
  const serviceNames = useServiceNames();
  const scheduleWords = useScheduleWords();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t("caregiverOrders.heading")}
      </h1>
      {actionData?.status === "confirmed" && (
        <output className="block rounded-lg border border-teal-300 bg-teal-50 px-4 py-3 font-medium text-teal-900 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-50">
          {t("caregiverOrders.acceptedNotice")}
        </output>
      )}
      {actionData?.status === "declined" && (
        <output className="block rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 font-medium text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-white">
          {t("caregiverOrders.declinedNotice")}
        </output>
      )}
      <section aria-labelledby="offers-heading" className={sectionClass}>
        <h2 id="offers-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("caregiverOrders.newOffers")}
        </h2>
        {offers.length > 0 && (
          <div className="mt-3">
            <TrainingGateNotice notice={training} />
            <CredentialGateNotice notice={credentials} />
          </div>
        )}
        {offers.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("caregiverOrders.noOffers")}</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {offers.map((offer) => {
              return (
                <li key={offer.orderId} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link to={`/caregiver/orders/${offer.orderId}`} className={`${linkClass} text-lg`}>
                      <KeepTogether
                        text={t("order.title", { orderNumber: offer.orderNumber })}
                        whole={offer.orderNumber}
                      />
                    </Link>
                    <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">
                      {t("caregiverOrders.answerBy", {
                        deadline: zoned.dateTime(offer.expiresAt, offer.timeZone),
                      })}
                    </p>
                  </div>
                  <p className="mt-1 text-slate-800 dark:text-slate-100">{serviceNames(offer.services)}</p>
                  <p className="text-slate-700 dark:text-slate-200">{scheduleSummary(offer.schedule, scheduleWords)}</p>
                  <p className="text-slate-700 dark:text-slate-200">
                    {offer.area.city
                      ? t("area.zipCity", { zip: offer.area.zip, city: offer.area.city, state: offer.area.state ?? "" })
                      : t("area.zip", { zip: offer.area.zip })}
                  </p>
                  <p className="font-medium text-slate-900 dark:text-white">
                    {t(offer.payPeriod === "week" ? "caregiverOrders.payWeek" : "caregiverOrders.payJob", {
                      amount: format.money(offer.payCents),
                    })}
                  </p>
                  <div className="mt-3">
                    <OfferResponse
                      orderId={offer.orderId}
                      orderNumber={offer.orderNumber}
                      error={actionData?.orderId === offer.orderId ? (actionData.error ?? undefined) : undefined}
                      needsTraining={actionData?.orderId === offer.orderId && actionData.needsTraining}
                      needsCredential={actionData?.orderId === offer.orderId && actionData.needsCredential}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="jobs-heading" className={sectionClass}>
        <h2 id="jobs-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("caregiverOrders.yourJobs")}
        </h2>
        {orders.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("caregiverOrders.noJobs")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
            {orders.map((order) => (
              <li key={order.orderId} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <Link to={`/caregiver/orders/${order.orderId}`} className={linkClass}>
                    <KeepTogether
                      text={t("order.title", { orderNumber: order.orderNumber })}
                      whole={order.orderNumber}
                    />
                  </Link>
                  <p className="text-sm text-slate-700 dark:text-slate-200">
                    {serviceNames(order.services)} · {scheduleSummary(order.schedule, scheduleWords)}
                  </p>
                </div>
                <OrderStatusBadge status={order.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
