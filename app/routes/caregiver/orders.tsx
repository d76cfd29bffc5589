import { Link } from "react-router";
import { currentUserContext } from "~/auth/guards.server";
import { linkClass, sectionClass } from "~/components/form-controls";
import { listCaregiverOrders } from "~/features/orders/queries.server";
import { formatCents } from "~/features/pricing/quote";
import { OrderStatusBadge, formatDateTime, serviceNames } from "~/routes/shared/order-display";
import type { Route } from "./+types/orders";
import { OfferResponse } from "./offer-response";
import { respondToOfferAction } from "./respond.server";

export const meta: Route.MetaFunction = () => [
  { title: "Orders | Tendly" },
  { name: "description", content: "New job offers and the jobs you accepted." },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  return listCaregiverOrders({ actor: user });
}

export async function action({ request, context }: Route.ActionArgs) {
  return respondToOfferAction(context.get(currentUserContext), await request.formData());
}

export default function CaregiverOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { offers, orders } = loaderData;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">Orders</h1>
      {actionData?.status === "confirmed" && (
        <output className="block rounded-lg border border-teal-300 bg-teal-50 px-4 py-3 font-medium text-teal-900 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-50">
          You accepted the job. It is now in your orders below.
        </output>
      )}
      {actionData?.status === "declined" && (
        <output className="block rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 font-medium text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-white">
          You declined the offer.
        </output>
      )}
      <section aria-labelledby="offers-heading" className={sectionClass}>
        <h2 id="offers-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          New offers
        </h2>
        {offers.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            No offers right now. We email you as soon as a family&apos;s request matches you.
          </p>
        ) : (
          <ul className="mt-4 space-y-4">
            {offers.map((offer) => {
              return (
                <li key={offer.orderId} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link to={`/caregiver/orders/${offer.orderId}`} className={`${linkClass} text-lg`}>
                      Order {offer.orderNumber}
                    </Link>
                    <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">
                      Answer by {formatDateTime(offer.expiresAt, offer.timeZone)}
                    </p>
                  </div>
                  <p className="mt-1 text-slate-800 dark:text-slate-100">{serviceNames(offer.services)}</p>
                  <p className="text-slate-700 dark:text-slate-200">{offer.scheduleSummary}</p>
                  <p className="text-slate-700 dark:text-slate-200">
                    Near {offer.area.zip}
                    {offer.area.city ? ` (${offer.area.city}, ${offer.area.state})` : ""}
                  </p>
                  <p className="font-medium text-slate-900 dark:text-white">
                    Your pay: {formatCents(offer.payCents)}
                    {offer.payPeriod === "week" ? " a week" : " for the job"}
                  </p>
                  <div className="mt-3">
                    <OfferResponse
                      orderId={offer.orderId}
                      orderNumber={offer.orderNumber}
                      error={actionData?.orderId === offer.orderId ? (actionData.error ?? undefined) : undefined}
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
          Your jobs
        </h2>
        {orders.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">Jobs you accept appear here.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
            {orders.map((order) => (
              <li key={order.orderId} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <Link to={`/caregiver/orders/${order.orderId}`} className={linkClass}>
                    Order {order.orderNumber}
                  </Link>
                  <p className="text-sm text-slate-700 dark:text-slate-200">
                    {serviceNames(order.services)} · {order.scheduleSummary}
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
