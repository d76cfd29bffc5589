import leafletStyles from "leaflet/dist/leaflet.css?url";
import { ExternalLink } from "lucide-react";
import { data } from "react-router";
import { currentUserContext } from "~/auth/guards.server";
import { linkClass, sectionClass } from "~/components/form-controls";
import { VisitAreaMap } from "~/components/visit-area-map";
import { CARE_SKILL_LABELS } from "~/features/care-requests/care-request.schema";
import { languageName } from "~/features/matching/score";
import { getCaregiverOrder } from "~/features/orders/queries.server";
import { formatCents } from "~/features/pricing/quote";
import { OrderHeader, ScheduleSummary, formatDateTime, serviceNames } from "~/routes/shared/order-display";
import { OrderError } from "~/routes/shared/order-error";
import { parseOrderId } from "~/routes/shared/order-id";
import { isAppError } from "~/utils/app-error";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/order";
import { OfferResponse } from "./offer-response";
import { respondToOfferAction } from "./respond.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Order ${loaderData.order.orderNumber} | Tendly` : "Order | Tendly" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  try {
    const order = await getCaregiverOrder({ actor: user, orderId: parseOrderId(params.orderId) });
    return { order, tileUrl: getEnv().MAP_TILE_URL };
  } catch (error) {
    if (isAppError(error) && (error.code === "not_found" || error.code === "forbidden")) {
      throw data(error.message, 404);
    }
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return respondToOfferAction(context.get(currentUserContext), await request.formData());
}

/** A maps search for the address: opens the person's maps app or site. */
function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export default function CaregiverOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, tileUrl } = loaderData;
  const { area, address, recipient } = order;
  const areaText = `Near ${area.zip}${area.city ? ` (${area.city}, ${area.state})` : ""}`;
  const addressText = address
    ? `${address.streetAddress}, ${address.city ? `${address.city}, ${address.state} ` : ""}${address.zipCode}`
    : null;

  return (
    <div className="space-y-6">
      <OrderHeader
        orderNumber={order.orderNumber}
        status={order.status}
        backTo="/caregiver/orders"
        backLabel="Back to orders"
      />

      {order.isOffered && (
        <section aria-labelledby="offer-heading" className={`${sectionClass} border-amber-300 dark:border-amber-700`}>
          <h2 id="offer-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            This job is offered to you
          </h2>
          {order.offerExpiresAt && (
            <p className="mt-1 text-slate-700 dark:text-slate-200">
              Answer by {formatDateTime(order.offerExpiresAt, order.timeZone)}.
            </p>
          )}
          <div className="mt-4">
            <OfferResponse orderId={order.id} orderNumber={order.orderNumber} error={actionData?.error ?? undefined} />
          </div>
        </section>
      )}
      {actionData?.status === "declined" && (
        <output className="block rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 font-medium text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-white">
          You declined the offer.
        </output>
      )}
      {!actionData?.status && !order.isOffered && order.offerStatus && order.offerStatus !== "accepted" && (
        <p className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-white">
          This offer is no longer open to you ({order.offerStatus}).
        </p>
      )}
      {actionData?.status === "confirmed" && (
        <output className="block rounded-lg border border-teal-300 bg-teal-50 px-4 py-3 font-medium text-teal-900 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-50">
          You accepted this job. The address and the care details are below.
        </output>
      )}

      <section aria-labelledby="where-heading" className={sectionClass}>
        <h2 id="where-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Where
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
              Open in maps
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        ) : (
          <p className="mt-2 text-slate-800 dark:text-slate-100">
            {areaText}. The exact address appears once you accept the job.
          </p>
        )}
        <div className="mt-4">
          <VisitAreaMap
            point={area}
            isExact={!!address}
            tileUrl={tileUrl}
            label={addressText ? "Map of the visit's neighbourhood" : "Map of the approximate area"}
          />
        </div>
      </section>

      <section aria-labelledby="job-heading" className={sectionClass}>
        <h2 id="job-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          The job
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">Services</dt>
            <dd className="text-slate-900 dark:text-white">{serviceNames(order.services)}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">Care</dt>
            <dd className="text-slate-900 dark:text-white">
              {order.preferences.careType === "live-in" ? "Live-in care" : "Hourly visits"}, in{" "}
              {languageName(order.preferences.language)}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">Your pay</dt>
            <dd className="text-lg font-semibold text-slate-900 dark:text-white">
              {formatCents(order.payCents)}
              {order.payPeriod === "week" ? " a week" : " for the job"}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">Schedule</dt>
            <dd>
              <ScheduleSummary schedule={order.schedule} />
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="recipient-heading" className={sectionClass}>
        <h2 id="recipient-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          The person you care for
        </h2>
        {recipient ? (
          <dl className="mt-3 grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">Name</dt>
              <dd className="text-slate-900 dark:text-white">
                {recipient.fullName}, {recipient.age}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">Phone</dt>
              <dd className="text-slate-900 dark:text-white">{recipient.phoneNumber}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">Health needs</dt>
              <dd className="text-slate-900 dark:text-white">
                {recipient.healthNeeds.length > 0
                  ? recipient.healthNeeds
                      .map((need) => CARE_SKILL_LABELS[need as keyof typeof CARE_SKILL_LABELS] ?? need)
                      .join(", ")
                  : "None given"}
              </dd>
            </div>
            {recipient.additionalDetails && (
              <div className="sm:col-span-2">
                <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">Notes from the family</dt>
                <dd className="whitespace-pre-line text-slate-900 dark:text-white">{recipient.additionalDetails}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="mt-2 text-slate-700 dark:text-slate-200">
            Their name, contact and health details are shared with you once you accept the job.
          </p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderError error={error} backTo="/caregiver/orders" backLabel="Back to orders" />;
}
