import leafletStyles from "leaflet/dist/leaflet.css?url";
import { ExternalLink } from "lucide-react";
import { currentUserContext } from "~/platform/auth/guards.server";
import { linkClass, sectionClass } from "~/components/form-controls";
import { VisitAreaMap } from "~/components/visit-area-map";
import { getCaregiverOrder } from "~/features/orders/caregiver-orders.server";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useFormat, useLabels, useT } from "~/i18n/react";
import { localeOfRequest } from "~/i18n/locale";
import { OrderHeader, ScheduleSummary, useServiceNames } from "~/components/orders/order-display";
import { OrderError } from "~/components/orders/order-error";
import { parseOrderId } from "~/components/orders/order-id";
import { throwRefusal } from "~/i18n/refusal-response";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/order";
import { OfferResponse } from "~/components/caregiver/offer-response";
import { respondToOfferAction } from "./order.server";
import { listCaregiverVisits } from "~/features/visits/caregiver-visits.server";
import { OrderVisits } from "~/components/caregiver/order-visits";
import { RecipientDetails } from "~/components/caregiver/recipient-details";
import { familyOfOrder } from "~/features/family/public.server";
import { useZonedTime } from "~/components/viewer-time-zone";
import { SharedDocuments } from "~/components/care-documents/shared-documents";
import { listOrderSharedDocuments } from "~/features/care-documents/care-documents.server";
import { TrainingGateNotice } from "~/components/training/training-gate";
import { trainingNotice } from "~/features/training/public.server";
import { credentialNotice } from "~/features/credentials/public.server";
import { CredentialGateNotice } from "~/components/credentials/credential-gate";

const DAY_MS = 24 * 60 * 60 * 1000;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "orders");
  return [
    {
      title: loaderData
        ? t("order.metaTitle", { orderNumber: loaderData.order.orderNumber })
        : t("order.metaTitleFallback"),
    },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  try {
    const order = await getCaregiverOrder({ actor: user, orderId: parseOrderId(params.orderId) });
    const now = new Date();
    // Yesterday to two weeks ahead: a visit still to check out, today's, and the next ones.
    const visits = await listCaregiverVisits({
      actor: user,
      orderId: order.id,
      from: new Date(now.getTime() - DAY_MS),
      to: new Date(now.getTime() + 14 * DAY_MS),
    });
    // The family's documents while the order is confirmed or in progress (nothing otherwise).
    const sharedDocuments = await listOrderSharedDocuments({ actor: user, orderId: order.id, now });
    const training = order.isOffered
      ? await trainingNotice({ actor: user, locale: localeOfRequest(request, user.locale), now })
      : null;
    const credentials = order.isOffered ? await credentialNotice({ actor: user, now }) : null;
    return {
      order,
      tileUrl: getEnv().MAP_TILE_URL,
      visits,
      userId: user.id,
      now,
      sharedDocuments,
      training,
      credentials,
      // Who is who in the family, once the person's details are the caregiver's to see.
      family: order.recipient ? await familyOfOrder(order.id) : [],
    };
  } catch (error) {
    throwRefusal(error, localeOfRequest(request, user.locale));
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale } = getServerT(request, "orders", user.locale);
  return respondToOfferAction(user, request, locale);
}

/** A maps search for the address: opens the person's maps app or site. */
function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export default function CaregiverOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, tileUrl, visits, userId, now, sharedDocuments, training, credentials, family } = loaderData;
  const { area, address, recipient } = order;
  const { t } = useT("orders");
  const zoned = useZonedTime();
  const labels = useLabels();
  const format = useFormat();
  const serviceNames = useServiceNames();
  const areaText = area.city
    ? t("area.zipCity", { zip: area.zip, city: area.city, state: area.state ?? "" })
    : t("area.zip", { zip: area.zip });
  const addressText = address
    ? `${address.streetAddress}, ${address.city ? `${address.city}, ${address.state} ` : ""}${address.zipCode}`
    : null;

  return (
    <div className="space-y-6">
      <OrderHeader
        orderNumber={order.orderNumber}
        status={order.status}
        backTo="/caregiver/orders"
        backLabel={t("caregiverOrder.backToOrders")}
      />

      {order.isOffered && (
        <section aria-labelledby="offer-heading" className={`${sectionClass} border-amber-300 dark:border-amber-700`}>
          <h2 id="offer-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("caregiverOrder.offeredHeading")}
          </h2>
          {order.offerExpiresAt && (
            <p className="mt-1 text-slate-700 dark:text-slate-200">
              {t("caregiverOrder.answerBy", {
                deadline: zoned.dateTime(order.offerExpiresAt, order.timeZone),
              })}
            </p>
          )}
          {training && (
            <div className="mt-4">
              <TrainingGateNotice notice={training} />
            </div>
          )}
          {credentials && (
            <div className="mt-4">
              <CredentialGateNotice notice={credentials} />
            </div>
          )}
          <div className="mt-4">
            <OfferResponse
              orderId={order.id}
              orderNumber={order.orderNumber}
              error={actionData?.error ?? undefined}
              needsTraining={actionData?.needsTraining}
              needsCredential={actionData?.needsCredential}
            />
          </div>
        </section>
      )}
      {actionData?.status === "declined" && (
        <output className="block rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 font-medium text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-white">
          {t("caregiverOrders.declinedNotice")}
        </output>
      )}
      {!actionData?.status && !order.isOffered && order.offerStatus && order.offerStatus !== "accepted" && (
        <p className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-white">
          {t("caregiverOrder.noLongerOpen", { status: lowerFirst(labels.offerStatus(order.offerStatus)) })}
        </p>
      )}
      {actionData?.status === "confirmed" && (
        <output className="block rounded-lg border border-teal-300 bg-teal-50 px-4 py-3 font-medium text-teal-900 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-50">
          {t("caregiverOrder.acceptedNotice")}
        </output>
      )}

      {visits.length > 0 && <OrderVisits visits={visits} userId={userId} now={now} />}

      <section aria-labelledby="where-heading" className={sectionClass}>
        <h2 id="where-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("caregiverOrder.where")}
        </h2>
        {addressText ? (
          <div className="mt-2 space-y-2">
            <p className="text-lg font-medium text-slate-900 dark:text-white">{addressText}</p>
            <a
              href={mapsSearchUrl(addressText)}
              target="_blank"
              rel="noreferrer"
              className={`${linkClass} inline-flex items-center gap-1`}
            >
              {t("caregiverOrder.openInMaps")}
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">{t("caregiverOrder.opensInNewTab")}</span>
            </a>
          </div>
        ) : (
          <p className="mt-2 text-slate-800 dark:text-slate-100">
            {t("caregiverOrder.addressLater", { area: areaText })}
          </p>
        )}
        <div className="mt-4">
          <VisitAreaMap
            point={area}
            isExact={!!address}
            tileUrl={tileUrl}
            label={addressText ? t("caregiverOrder.mapExact") : t("caregiverOrder.mapApproximate")}
          />
        </div>
      </section>

      <section aria-labelledby="job-heading" className={sectionClass}>
        <h2 id="job-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("caregiverOrder.theJob")}
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{t("caregiverOrder.services")}</dt>
            <dd className="text-slate-900 dark:text-white">{serviceNames(order.services)}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{t("caregiverOrder.care")}</dt>
            <dd className="text-slate-900 dark:text-white">
              {t(order.preferences.careType === "live-in" ? "caregiverOrder.liveIn" : "caregiverOrder.hourly", {
                language: labels.language(order.preferences.language),
              })}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{t("caregiverOrder.yourPay")}</dt>
            <dd className="text-lg font-semibold text-slate-900 dark:text-white">
              {t(order.payPeriod === "week" ? "caregiverOrder.amountWeek" : "caregiverOrder.amountJob", {
                amount: format.money(order.payCents),
              })}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{t("caregiverOrder.schedule")}</dt>
            <dd>
              <ScheduleSummary schedule={order.schedule} timeZone={order.timeZone} />
            </dd>
          </div>
        </dl>
      </section>

      {sharedDocuments.length > 0 && <SharedDocuments documents={sharedDocuments} viewer="caregiver" />}

      <section aria-labelledby="recipient-heading" className={sectionClass}>
        <h2 id="recipient-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("caregiverOrder.recipientHeading")}
        </h2>
        {recipient ? (
          <RecipientDetails recipient={recipient} />
        ) : (
          <p className="mt-2 text-slate-700 dark:text-slate-200">{t("caregiverOrder.detailsLater")}</p>
        )}
      </section>

      {family.length > 0 && (
        <section aria-labelledby="family-heading" className={sectionClass}>
          <h2 id="family-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("caregiverOrder.family.heading")}
          </h2>
          <ul className="mt-2 space-y-1 text-slate-700 dark:text-slate-200">
            {family.map((person, index) => (
              <li key={index}>
                <span className="font-medium text-slate-900 dark:text-white">{person.firstName}</span>
                {" · "}
                {t(`caregiverOrder.family.roles.${person.role}`)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT("orders");
  return <OrderError error={error} backTo="/caregiver/orders" backLabel={t("caregiverOrder.backToOrders")} />;
}

/** "declined": an offer status inside a sentence. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
