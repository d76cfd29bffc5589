import { ReviewRating } from "~/components/review-rating";
import { shortName } from "~/utils/person-name";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { getFormProps } from "@conform-to/react";
import { currentUserContext } from "~/platform/auth/guards.server";
import {
  FormNotice,
  primaryButtonClass,
  secondaryButtonClass,
  sectionClass,
  TextAreaField,
} from "~/components/form-controls";
import { UserAvatar } from "~/components/user-avatar";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { startAdjustedRequest } from "~/features/orders/adjust-request.server";
import { getClientOrder } from "~/features/orders/client-orders.server";
import { getOrderTimeline } from "~/features/visit-notes/timeline.server";
import { listOnTheWay } from "~/features/visits/on-my-way.server";
import { OnTheWayNotice } from "~/components/client/on-the-way-notice";
import { useLiveRefresh, useRealtime } from "~/client/use-realtime";
import { getServerT, getTranslate, labelsFor } from "~/i18n/i18n.server";
import { metaT, useLabels, useT } from "~/i18n/react";
import { localeOfRequest } from "~/i18n/locale";
import type { Locale } from "~/i18n/config";
import type { CareRequest } from "~/features/care-requests/care-request.schema";
import { CareQuote } from "~/components/orders/care-quote";
import { OrderHeader, ScheduleSummary } from "~/components/orders/order-display";
import { formatVisitDateTime } from "~/utils/datetime";
import { useZonedTime, ZoneLabel } from "~/components/viewer-time-zone";
import { OrderError } from "~/components/orders/order-error";
import { parseOrderId } from "~/components/orders/order-id";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { CareTimeline } from "~/components/client/care-timeline";
import type { Route } from "./+types/order";
import { parseForm } from "~/utils/form-data.server";
import { useSchemaForm } from "~/components/use-schema-form";
import { AdjustOrderSchema, ClientCancelOrderSchema, ClientOrderActionSchema } from "~/features/orders/orders.schema";
import { movesOfOrder } from "~/features/visits/visit-moves.server";
import { scheduleChangesOfOrder } from "~/features/visits/schedule-changes.server";
import { ScheduleChangeControl, ScheduleChangeHistory } from "~/components/orders/schedule-change-controls";
import { localDateIn } from "~/utils/datetime";
import { canManage } from "~/features/family/public";
import { getCareSettings } from "~/features/visits/care-settings.server";
import { MoveHistory, VisitMoveControl } from "~/components/orders/visit-move-controls";
import { familyMoveAction, familyScheduleChangeAction, moveIntentOf } from "./order.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "orders");
  return [
    {
      title: loaderData ? t("order.metaTitle", { orderNumber: loaderData.orderNumber }) : t("order.metaTitleFallback"),
    },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  try {
    // The history's lines in the page's language; a family's own cancellation reason reads as they wrote it.
    const { locale } = getServerT(request, "orders", user.locale);
    const [order, { lateMoveHours }] = await Promise.all([
      getClientOrder({ actor: user, orderId: parseOrderId(params.orderId), locale }),
      getCareSettings(),
    ]);
    // The order is the family's (getClientOrder refused anyone else): its reads run together.
    const [careTimeline, onTheWay, moves, scheduleChanges] = await Promise.all([
      // The access getClientOrder found, not asked again.
      getOrderTimeline({ actor: user, orderId: order.id, access: order.access }),
      // Their caregiver's "On my way".
      listOnTheWay(order.id),
      // Its visits' moves, both times of each (docs/product-rules.md, "Moving a visit").
      movesOfOrder(order.id),
      // A weekly order's schedule changes, the old and new pattern of each (docs/product-rules.md, "Moving a visit").
      scheduleChangesOfOrder(order.id),
    ]);
    const care = order.request;
    const accepted = scheduleChanges.find((change) => change.status === "accepted");
    const currentWeekly = accepted?.newWeekly ?? (care.scheduleType === "recurring" ? care.weeklySchedule : null);
    // The schedule as it runs now: the last accepted change's days and hours (its history lists the earlier ones).
    const schedule =
      accepted && order.schedule.scheduleType === "recurring"
        ? { ...order.schedule, weeklySchedule: accepted.newWeekly }
        : order.schedule;
    const canMove = canManage(order.access) && (order.status === "confirmed" || order.status === "in_progress");
    return {
      ...order,
      careTimeline,
      onTheWay,
      moves,
      lateMoveHours,
      // Moving a visit is the holder's and the manage members' (docs/product-rules.md, "Family circle").
      schedule,
      canMove,
      scheduleChanges,
      currentWeekly: canMove ? currentWeekly : null,
      today: localDateIn(order.timeZone, new Date()),
      now: new Date(),
      requiredPreferences: requiredPreferences(order.request, locale),
    };
  } catch (error) {
    throwRefusal(error, localeOfRequest(request, user.locale));
  }
}

/** The preferences the family made required, in words: what they can relax when nobody matches. */
function requiredPreferences(care: CareRequest, locale: Locale): string[] {
  const t = getTranslate(locale, "orders");
  const requestT = getTranslate(locale, "request");
  const labels = labelsFor(locale);
  const required: string[] = [];
  if (care.languageRequired && care.preferredLanguage) {
    required.push(t("clientOrder.nextSteps.language", { language: labels.languageList([care.preferredLanguage]) }));
  }
  if (care.caregiverGenderRequired && (care.caregiverGender === "female" || care.caregiverGender === "male")) {
    required.push(t("clientOrder.nextSteps.gender", { gender: t(`clientOrder.nextSteps.${care.caregiverGender}`) }));
  }
  if (care.cultureRequired && care.culture) {
    required.push(
      t("clientOrder.nextSteps.culture", {
        culture: requestT(`culture.${care.culture}`, { defaultValue: care.culture }),
      }),
    );
  }
  return required;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale } = getServerT(request, "orders", user.locale);
  const intent = await moveIntentOf(request);
  if (intent === "move" || intent === "withdraw-move") return familyMoveAction(user, intent, request, locale);
  if (intent === "change-schedule" || intent === "withdraw-schedule-change")
    return familyScheduleChangeAction(user, intent, request, locale);
  const submission = await parseForm(request, ClientOrderActionSchema);
  // The reason's message (a key) goes back to the cancel form, which words it.
  if (submission.status !== "success") {
    return data({ status: "invalid" as const, error: null, result: submission.reply() }, 400);
  }
  if (submission.value.intent === "adjust") {
    try {
      await startAdjustedRequest({ actor: user, orderId: parseOrderId(params.orderId) });
    } catch (error) {
      return refusalData(error, locale, ({ text }) => ({ error: text }));
    }
    throw redirect("/request/schedule");
  }
  try {
    await cancelOrder({
      actor: user,
      orderId: parseOrderId(params.orderId),
      reason: submission.value.reason,
      as: "client",
    });
    return { error: null };
  } catch (error) {
    return refusalData(error, locale, ({ text }) => ({ error: text }));
  }
}

export default function ClientOrder({ loaderData, actionData }: Route.ComponentProps) {
  const order = loaderData;
  const navigation = useNavigation();
  const isCancelling =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") !== "adjust";
  const caregiver = order.caregiver;
  const caregiverName = caregiver ? shortName(caregiver.firstName, caregiver.lastInitial) : "";
  const { t, locale } = useT("orders");
  const labels = useLabels();
  const zoned = useZonedTime();
  const cancellation = order.cancellation;
  const reviewsT = useT("reviews").t;
  // A visit of this order changed (its caregiver is on the way, or checked in): the page reads it again, live.
  const refresh = useLiveRefresh();
  useRealtime("visit-update", ({ orderId }) => {
    if (orderId === order.id) refresh();
  });
  const [cancelForm, cancelFields] = useSchemaForm(ClientCancelOrderSchema, {
    id: "cancel-order",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  return (
    <div className="space-y-6">
      <OrderHeader
        orderNumber={order.orderNumber}
        status={order.status}
        backTo="/dashboard/appointments"
        backLabel={t("clientOrder.backToAppointments")}
      />

      <OnTheWayNotice visits={order.onTheWay} timeZone={order.timeZone} />

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="caregiver-heading" className={sectionClass}>
          <h2 id="caregiver-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("clientOrder.yourCaregiver")}
          </h2>
          {caregiver ? (
            <div className="mt-3 flex items-start gap-4">
              <UserAvatar name={caregiverName} avatarUrl={caregiver.photoUrl} size="lg" />
              <div>
                <p className="font-semibold text-slate-900 dark:text-white">{caregiverName}</p>
                <ReviewRating
                  ratingAvg={caregiver.ratingAvg}
                  ratingCount={caregiver.ratingCount}
                  className="inline-flex items-center gap-1 text-sm text-slate-700 dark:text-slate-200"
                />
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {t("clientOrder.speaks", { languages: labels.languages(caregiver.languages).join(", ") })}
                </p>
                {order.visits.some((visit) => visit.status === "completed") && (
                  <Link
                    to={`/dashboard/orders/${order.orderNumber}/feedback`}
                    className={`${secondaryButtonClass} mt-3`}
                  >
                    {reviewsT("orderLink.rate")}
                  </Link>
                )}
              </div>
            </div>
          ) : (
            <p className="mt-2 text-slate-700 dark:text-slate-200">
              {order.status === "offered"
                ? order.offeredTo
                  ? t("clientOrder.offeredTo", { name: order.offeredTo })
                  : t("clientOrder.offeredToACaregiver")
                : order.status === "cancelled"
                  ? t("clientOrder.noCaregiverCancelled")
                  : t("clientOrder.noCaregiverYet")}
            </p>
          )}
        </section>

        {/* Choosing and adjusting book: not for a follow member (docs/product-rules.md, "Family circle"). */}
        {order.waitingFor && order.access !== "follow" && (
          <NextSteps waitingFor={order.waitingFor} orderId={order.id} required={order.requiredPreferences} />
        )}

        <section aria-labelledby="schedule-heading" className={sectionClass}>
          <h2 id="schedule-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("clientOrder.schedule")}
          </h2>
          <div className="mt-2">
            <ScheduleSummary schedule={order.schedule} timeZone={order.timeZone} />
          </div>
          {order.visits.length > 0 && (
            <>
              <h3 id="visits-heading" className="mt-4 font-medium text-slate-900 dark:text-white">
                {t("clientOrder.visits")}
              </h3>
              <ul
                aria-labelledby="visits-heading"
                className="mt-1 space-y-1 text-sm text-slate-700 dark:text-slate-200"
              >
                {order.visits.map((visit) => (
                  <li key={visit.id}>
                    {formatVisitDateTime(visit.startsAt, visit.timeZone, { locale })}
                    <ZoneLabel at={visit.startsAt} timeZone={visit.timeZone} />{" "}
                    <span>({labels.visitStatusWords(visit.status)})</span>
                    {order.canMove && visit.status === "scheduled" && visit.startsAt > order.now && (
                      <VisitMoveControl
                        visit={visit}
                        timeZone={visit.timeZone}
                        lateMoveHours={order.lateMoveHours}
                        now={order.now}
                        pending={order.moves.find((move) => move.visitId === visit.id && move.status === "pending")}
                      />
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {order.currentWeekly && (
            <ScheduleChangeControl
              orderId={order.id}
              timeZone={order.timeZone}
              current={order.currentWeekly}
              today={order.today}
              pending={order.scheduleChanges.find((change) => change.status === "pending")}
            />
          )}
          <MoveHistory moves={order.moves.filter((move) => move.status !== "pending")} timeZone={order.timeZone} />
          <ScheduleChangeHistory changes={order.scheduleChanges.filter((change) => change.status !== "pending")} />
        </section>
      </div>

      {order.caregiver && <CareTimeline timeline={order.careTimeline} />}

      <CareQuote quote={order.quote} heading={t("clientOrder.priceAsBooked")} />

      <section aria-labelledby="timeline-heading" className={sectionClass}>
        <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("clientOrder.statusHistory")}
        </h2>
        <ol
          aria-label={t("clientOrder.statusHistory")}
          className="mt-3 space-y-3 border-l-2 border-teal-200 pl-4 dark:border-teal-800"
        >
          {order.timeline.map((event, index) => (
            <li key={index}>
              <p className="font-medium text-slate-900 dark:text-white">{labels.orderStatus(event.status)}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {zoned.dateTime(event.at, order.timeZone)}
                {event.note ? ` · ${event.note}` : ""}
              </p>
            </li>
          ))}
        </ol>
      </section>

      {order.canCancel && (
        <section aria-labelledby="cancel-heading" className={sectionClass}>
          <h2 id="cancel-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("clientOrder.cancelHeading")}
          </h2>
          <Form method="post" className="mt-3 space-y-3" {...getFormProps(cancelForm)}>
            <TextAreaField
              label={t("clientOrder.cancelReason")}
              field={cancelFields.reason}
              rows={3}
              maxLength={500}
              error={(actionData && "error" in actionData ? actionData.error : null) ?? undefined}
            />
            <button type="submit" disabled={isCancelling} className={primaryButtonClass}>
              {isCancelling ? t("clientOrder.cancelling") : t("clientOrder.cancelOrder")}
            </button>
          </Form>
        </section>
      )}
      {order.status === "cancelled" && cancellation && (
        <FormNotice tone="warning">
          {cancellation.by === "you"
            ? cancellation.reason
              ? t("clientOrder.cancelledByYouReason", { reason: cancellation.reason })
              : t("clientOrder.cancelledByYou")
            : cancellation.reason
              ? t("clientOrder.cancelledByTeamReason", { reason: cancellation.reason })
              : t("clientOrder.cancelledByTeam")}
        </FormNotice>
      )}
    </div>
  );
}

/**
 * A submitted order: what happens next and what the family can change (docs/product-rules.md, "When no caregiver
 * matches"), or, while caregivers match, the way back to choosing one.
 */
function NextSteps({
  waitingFor,
  orderId,
  required,
}: {
  waitingFor: "choice" | "team";
  orderId: string;
  required: string[];
}) {
  const { t } = useT("orders");
  const navigation = useNavigation();
  const isAdjusting = navigation.state !== "idle" && navigation.formData?.get("intent") === "adjust";
  const [adjustForm] = useSchemaForm(AdjustOrderSchema, { id: "adjust-order" });
  return (
    <section id="next-steps" aria-labelledby="next-steps-heading" className={`${sectionClass} lg:col-span-2`}>
      <h2 id="next-steps-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("clientOrder.nextSteps.heading")}
      </h2>
      {waitingFor === "choice" ? (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-200">{t("clientOrder.nextSteps.chooseText")}</p>
          <Link to={`/request/thank-you?order=${orderId}`} className={`${primaryButtonClass} mt-3 w-full sm:w-auto`}>
            {t("clientOrder.nextSteps.choose")}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-200">{t("clientOrder.nextSteps.teamLooking")}</p>
          <h3 className="mt-4 font-medium text-slate-900 dark:text-white">
            {t("clientOrder.nextSteps.changeHeading")}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-200">
            <li>{t("clientOrder.nextSteps.changeTimes")}</li>
            <li>{t("clientOrder.nextSteps.changeStart")}</li>
            <li>{t("clientOrder.nextSteps.changeServices")}</li>
            {required.length > 0 && (
              <li>{t("clientOrder.nextSteps.changePreferences", { preferences: required.join("; ") })}</li>
            )}
          </ul>
          <Form method="post" className="mt-4" {...getFormProps(adjustForm)}>
            <input type="hidden" name="intent" value="adjust" />
            <button
              type="submit"
              disabled={isAdjusting}
              aria-describedby="adjust-hint"
              className={`${secondaryButtonClass} w-full sm:w-auto`}
            >
              {t("clientOrder.nextSteps.adjust")}
            </button>
            <p id="adjust-hint" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {t("clientOrder.nextSteps.adjustHint")}
            </p>
          </Form>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT("orders");
  return <OrderError error={error} backTo="/dashboard/appointments" backLabel={t("clientOrder.backToAppointments")} />;
}
