import { Star } from "lucide-react";
import { Form, data, useNavigation } from "react-router";
import { z } from "zod";
import { currentUserContext } from "~/auth/guards.server";
import {
  FormNotice,
  fieldErrorClass,
  inputClass,
  labelClass,
  primaryButtonClass,
  sectionClass,
} from "~/components/form-controls";
import { UserAvatar } from "~/components/user-avatar";
import { languageName } from "~/features/matching/score";
import { cancelOrder } from "~/features/orders/offers.server";
import { getClientOrder } from "~/features/orders/queries.server";
import { CareQuote } from "~/routes/shared/care-quote";
import { ORDER_STATUS_LABELS, OrderHeader, ScheduleSummary, formatDateTime } from "~/routes/shared/order-display";
import { OrderError } from "~/routes/shared/order-error";
import { parseOrderId } from "~/routes/shared/order-id";
import { isAppError } from "~/utils/app-error";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Order ${loaderData.orderNumber} | Tendly` : "Order | Tendly" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return await getClientOrder({ actor: context.get(currentUserContext), orderId: parseOrderId(params.orderId) });
  } catch (error) {
    if (isAppError(error) && (error.code === "not_found" || error.code === "forbidden")) {
      throw data(error.message, 404);
    }
    throw error;
  }
}

const CancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, "Please tell us why you are cancelling.")
    .max(500, "Keep the reason under 500 characters."),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = CancelSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Please try again." }, 400);
  try {
    await cancelOrder({
      actor: context.get(currentUserContext),
      orderId: parseOrderId(params.orderId),
      reason: parsed.data.reason,
      as: "client",
    });
    return { error: null };
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, 400);
    throw error;
  }
}

export default function ClientOrder({ loaderData, actionData }: Route.ComponentProps) {
  const order = loaderData;
  const navigation = useNavigation();
  const isCancelling = navigation.state !== "idle" && navigation.formMethod === "POST";
  const caregiver = order.caregiver;
  const caregiverName = caregiver ? `${caregiver.firstName} ${caregiver.lastInitial}.` : "";
  return (
    <div className="space-y-6">
      <OrderHeader
        orderNumber={order.orderNumber}
        status={order.status}
        backTo="/dashboard/appointments"
        backLabel="Back to appointments"
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="caregiver-heading" className={sectionClass}>
          <h2 id="caregiver-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Your caregiver
          </h2>
          {caregiver ? (
            <div className="mt-3 flex items-start gap-4">
              <UserAvatar name={caregiverName} avatarUrl={caregiver.photoUrl} size="lg" />
              <div>
                <p className="font-semibold text-slate-900 dark:text-white">{caregiverName}</p>
                {caregiver.ratingAvg !== null && caregiver.ratingCount > 0 && (
                  <p className="inline-flex items-center gap-1 text-sm text-slate-700 dark:text-slate-200">
                    <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                    {caregiver.ratingAvg.toFixed(1)} ({caregiver.ratingCount} reviews)
                  </p>
                )}
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  Speaks {caregiver.languages.map(languageName).join(", ")}
                </p>
              </div>
            </div>
          ) : (
            <p className="mt-2 text-slate-700 dark:text-slate-200">
              {order.status === "offered"
                ? `We offered your request to ${order.offeredTo ?? "a caregiver"} and are waiting for their answer.`
                : order.status === "cancelled"
                  ? "No caregiver: this order was cancelled."
                  : "No caregiver has been confirmed yet."}
            </p>
          )}
        </section>

        <section aria-labelledby="schedule-heading" className={sectionClass}>
          <h2 id="schedule-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Schedule
          </h2>
          <div className="mt-2">
            <ScheduleSummary schedule={order.schedule} />
          </div>
          {order.visits.length > 0 && (
            <>
              <h3 className="mt-4 font-medium text-slate-900 dark:text-white">Visits</h3>
              <ul className="mt-1 space-y-1 text-sm text-slate-700 dark:text-slate-200">
                {order.visits.map((visit) => (
                  <li key={visit.id}>
                    {formatDateTime(visit.startsAt, visit.timeZone)}{" "}
                    <span className="capitalize">({visit.status.replace("_", " ")})</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>

      <CareQuote quote={order.quote} heading="Price as booked" />

      <section aria-labelledby="timeline-heading" className={sectionClass}>
        <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Status history
        </h2>
        <ol aria-label="Status history" className="mt-3 space-y-3 border-l-2 border-teal-200 pl-4 dark:border-teal-800">
          {order.timeline.map((event, index) => (
            <li key={index}>
              <p className="font-medium text-slate-900 dark:text-white">{ORDER_STATUS_LABELS[event.status]}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {formatDateTime(event.at, order.timeZone)}
                {event.note ? ` · ${event.note}` : ""}
              </p>
            </li>
          ))}
        </ol>
      </section>

      {order.canCancel && (
        <section aria-labelledby="cancel-heading" className={sectionClass}>
          <h2 id="cancel-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Cancel this order
          </h2>
          <Form method="post" className="mt-3 space-y-3">
            <div>
              <label htmlFor="cancel-reason" className={labelClass}>
                Why are you cancelling?
              </label>
              <textarea
                id="cancel-reason"
                name="reason"
                rows={3}
                maxLength={500}
                aria-invalid={actionData?.error ? true : undefined}
                aria-describedby={actionData?.error ? "cancel-error" : undefined}
                className={inputClass}
              />
              {actionData?.error && (
                <p id="cancel-error" role="alert" className={fieldErrorClass}>
                  {actionData.error}
                </p>
              )}
            </div>
            <button type="submit" disabled={isCancelling} className={primaryButtonClass}>
              {isCancelling ? "Cancelling..." : "Cancel order"}
            </button>
          </Form>
        </section>
      )}
      {order.status === "cancelled" && order.cancellation && (
        <FormNotice tone="warning">
          Cancelled by {order.cancellation.by}
          {order.cancellation.reason ? `: ${order.cancellation.reason}` : "."}
        </FormNotice>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderError error={error} backTo="/dashboard/appointments" backLabel="Back to appointments" />;
}
