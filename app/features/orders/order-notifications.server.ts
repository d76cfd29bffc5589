import { and, asc, eq, inArray } from "drizzle-orm";
import { caregiverProfiles, careRequests, userProfiles, visits } from "~/platform/db/schema";
import { sendEmail } from "~/platform/email/mailer.server";
import { caregiverConfirmedEmail, offerEmail, orderCancelledEmail } from "~/platform/email/templates/care-emails";
import { queueNotification, type NotificationRequest } from "~/features/notifications/public.server";
import { alertLink } from "~/features/family/public";
import { familyRecipientsOfOrder, type FamilyAudience } from "~/features/family/public.server";
import { wantsEmail } from "~/features/notifications/public.server";
import { withAccountUnsubscribe } from "~/features/notifications/public.server";
import { caregiverToRate } from "./order-reads.server";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { formatVisitShort } from "~/utils/datetime";
import { getEnv } from "~/utils/env.server";
import type { NotificationType } from "~/utils/notifications";
import type { Tx, Executor } from "~/platform/db/client.server";
import type { CareRequestRow, OrderRow } from "./order-transitions.server";
import type { NewOffer } from "./next-offer.server";
import { shortName } from "~/utils/person-name";

// The emails and notifications of the care loop, queued in the transaction
// that moves the order (docs/decisions/0012-job-queue.md), so that they go out
// if and only if it commits: an offer to the caregiver, the confirmation to
// the family, the cancellation to both, the completion to the family (a
// notification only; docs/product-rules.md, "Notifications", says who is told
// of what). Each function takes that transaction. Each email is
// written in its recipient's language: the one stored on their account
// (user_profiles.locale, as accountLocale reads it), read in that same
// transaction; English when they never chose one.

export function orderUrl(path: string) {
  return `${getEnv().appUrl}${path}`;
}

/**
 * Queues an email to one user (the message built from their first name, in
 * their language) in the transaction `tx`; the job runner delivers it once
 * that commits. With a `type` (the notification type it is about), a person
 * who turned email off for that type gets none, and the email carries the
 * type's unsubscribe link (docs/product-rules.md, "Notification delivery").
 */
export async function emailUser(
  userId: string,
  build: (firstName: string, locale: Locale) => { subject: string; html: string; text: string },
  tx: Tx,
  options: { type?: NotificationType } = {},
): Promise<void> {
  const contact = (await contactsOf([userId], tx)).get(userId);
  if (!contact) return;
  const { type } = options;
  if (type && !(await wantsEmail(tx, userId, type))) return;
  const email = build(contact.firstName, contact.locale);
  await sendEmail(
    {
      to: contact.email,
      ...(type ? await withAccountUnsubscribe(email, { userId, type, locale: contact.locale }) : email),
    },
    tx,
  );
}

/** The family's page of an order (the holder's, and a manage or follow member's). */
export const familyOrderPath = (orderId: string) => `/dashboard/appointments/order/${orderId}`;

type FamilyReach = { who?: FamilyAudience };

/**
 * Queues a notification about an order to its family (docs/product-rules.md, "Family circle"): the holder and every
 * member of the care recipient's circle (with `who: "managers"`, the holder and manage members), each their own, so
 * that the notification job words it in their language and delivers it by their preferences, quiet hours and text
 * messages. Its action is the order page for whoever may open it, none for an alerts-only member. `except` is one
 * who is not told (who caused it, on the page that says it).
 */
export async function notifyFamily(
  tx: Tx,
  orderId: string,
  request: Omit<NotificationRequest, "userId" | "actionUrl">,
  reach: FamilyReach & { except?: string | null } = {},
): Promise<void> {
  for (const person of await familyRecipientsOfOrder(tx, orderId, reach)) {
    if (person.userId === reach.except) continue;
    const actionUrl = alertLink(person.access, familyOrderPath(orderId));
    await queueNotification(tx, { ...request, userId: person.userId, ...(actionUrl ? { actionUrl } : {}) });
  }
}

/**
 * Emails the order's family (the same people as notifyFamily), each in their language when they take emails of
 * `type`; `url` is the order page's address, null for an alerts-only member (the email then has no button).
 */
export async function emailFamily(
  tx: Tx,
  orderId: string,
  build: (person: { firstName: string; locale: Locale; url: string | null }) => {
    subject: string;
    html: string;
    text: string;
  },
  options: FamilyReach & { type: NotificationType },
): Promise<void> {
  for (const person of await familyRecipientsOfOrder(tx, orderId, options)) {
    const url = alertLink(person.access, orderUrl(familyOrderPath(orderId)));
    await emailUser(person.userId, (firstName, locale) => build({ firstName, locale, url }), tx, {
      type: options.type,
    });
  }
}

/**
 * Email address, first name and language of users, by id. The language is
 * the account's stored choice (app/platform/auth/account-locale.server.ts
 * accountLocale), read here through `executor` so that it comes from the
 * email's own transaction; English when none.
 */
export async function contactsOf(
  ids: string[],
  executor: Executor,
): Promise<Map<string, { email: string; firstName: string; locale: Locale }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({ id: userProfiles.id, email: userProfiles.email, name: userProfiles.name, locale: userProfiles.locale })
    .from(userProfiles)
    .where(inArray(userProfiles.id, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      { email: row.email, firstName: row.name.split(" ")[0] ?? row.name, locale: row.locale ?? DEFAULT_LOCALE },
    ]),
  );
}

/** "Mon, Jun 1 at 9:00 AM CDT" in the time zone where care happens, in the reader's language. */
function formatWhen(date: Date, timeZone: string, locale: Locale): string {
  return formatVisitShort(date, timeZone, { withZone: true, locale });
}

/** Tells the caregiver of a new offer: the area only, and until when they can answer. */
export async function notifyOffer(order: OrderRow, offer: NewOffer, tx: Tx) {
  const [request] = await tx
    .select({
      city: careRequests.city,
      state: careRequests.state,
      zip: careRequests.zipCode,
      zone: careRequests.timeZone,
    })
    .from(careRequests)
    .where(eq(careRequests.id, order.careRequestId));
  if (!request) return;
  const area = areaText({ city: request.city, state: request.state, zipCode: request.zip });
  await emailUser(
    offer.caregiverId,
    (firstName, locale) =>
      offerEmail({
        firstName,
        orderNumber: order.orderNumber,
        area,
        expiresAt: formatWhen(offer.expiresAt, request.zone, locale),
        url: orderUrl(`/caregiver/orders/${order.id}`),
        locale,
      }),
    tx,
    { type: "order" },
  );
  // Urgent: unanswered, the offer passes to another caregiver at its deadline (offer-deadline.ts).
  await queueNotification(tx, {
    userId: offer.caregiverId,
    type: "order",
    subtype: "offer_received",
    key: "offerReceived",
    params: { orderNumber: order.orderNumber, area },
    times: { expiresAt: { at: offer.expiresAt.toISOString(), timeZone: request.zone } },
    priority: "urgent",
    actionUrl: `/caregiver/orders/${order.id}`,
    metadata: { requiresAction: true },
    emailedSeparately: true,
  });
}

/**
 * Tells the family who confirmed their order and when the first visit is.
 * Notified as "confirmed" when the caregiver accepted the matching's offer; as
 * "caregiver assigned" when they accepted the one the team made by hand
 * (assign-caregiver.server.ts).
 */
export async function notifyConfirmed(
  order: OrderRow,
  request: CareRequestRow,
  tx: Tx,
  { how = "accepted" }: { how?: "accepted" | "assigned" } = {},
) {
  if (!order.caregiverId) return;
  const [caregiver] = await tx
    .select({ firstName: caregiverProfiles.firstName, lastName: caregiverProfiles.lastName })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, order.caregiverId));
  const [first] = await tx
    .select({ startsAt: visits.startsAt })
    .from(visits)
    .where(and(eq(visits.orderId, order.id), eq(visits.status, "scheduled")))
    .orderBy(asc(visits.startsAt))
    .limit(1);
  if (!caregiver) return;
  const caregiverName = shortName(caregiver.firstName, caregiver.lastName);
  await emailFamily(
    tx,
    order.id,
    ({ firstName, locale, url }) =>
      caregiverConfirmedEmail({
        firstName,
        orderNumber: order.orderNumber,
        caregiverName,
        firstVisit: first ? formatWhen(first.startsAt, request.timeZone, locale) : null,
        url,
        locale,
      }),
    { type: how === "assigned" ? "caregiver" : "order" },
  );
  const firstVisit = first
    ? { times: { firstVisit: { at: first.startsAt.toISOString(), timeZone: request.timeZone } } }
    : {};
  const serviceDate = first ? { serviceDate: first.startsAt.toISOString() } : {};
  const isAssigned = how === "assigned";
  const familyKey = isAssigned ? "caregiverAssigned" : "orderConfirmed";
  await notifyFamily(tx, order.id, {
    type: isAssigned ? "caregiver" : "order",
    subtype: isAssigned ? "caregiver_assigned" : "order_confirmed",
    key: first ? familyKey : `${familyKey}NoVisit`,
    params: { orderNumber: order.orderNumber, caregiverName },
    ...firstVisit,
    metadata: { caregiverName, ...serviceDate },
    emailedSeparately: true,
  });
}

/**
 * Tells the family that the team asked a caregiver by hand to take their order (assign-caregiver.server.ts):
 * in the app and by email, in their language; the confirmation follows when the caregiver accepts.
 */
export async function notifyCaregiverFound(order: OrderRow, caregiverId: string, tx: Tx) {
  const [caregiver] = await tx
    .select({ firstName: caregiverProfiles.firstName, lastName: caregiverProfiles.lastName })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiverId));
  if (!caregiver) return;
  await notifyFamily(tx, order.id, {
    type: "caregiver",
    subtype: "caregiver_found",
    key: "caregiverFound",
    params: { orderNumber: order.orderNumber, caregiverName: shortName(caregiver.firstName, caregiver.lastName) },
  });
}

/**
 * Tells the family that nobody is left to offer their order to: it waits in the team's queue
 * (needs-caregiver.server.ts), and what they can change meanwhile is on the order's page. In the app and by email,
 * to those who may change it: the holder and manage members.
 */
export async function notifyNoCaregiverYet(order: OrderRow, tx: Tx) {
  await notifyFamily(
    tx,
    order.id,
    { type: "order", subtype: "no_caregiver_yet", key: "noCaregiverYet", params: { orderNumber: order.orderNumber } },
    { who: "managers" },
  );
}

/** "Chicago, IL 60614": the area of a request, never the street. */
function areaText(request: { city: string | null; state: string | null; zipCode: string | null }): string {
  return [request.city, [request.state, request.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/**
 * Tells the family and the order's caregiver (if any) that it was cancelled, by whom and why: each by email, and in
 * the app all but the one who cancelled (the page they are on says it).
 */
export async function notifyCancelled(order: OrderRow, cancellation: { byAdmin: boolean; reason: string }, tx: Tx) {
  const cancelledBy = cancellation.byAdmin ? "team" : "family";
  const email = (person: { firstName: string; locale: Locale; url: string | null }) =>
    orderCancelledEmail({ orderNumber: order.orderNumber, cancelledBy, reason: cancellation.reason, ...person });
  const notification = {
    type: "order",
    subtype: "order_cancelled",
    key: cancellation.byAdmin ? "orderCancelledByTeam" : "orderCancelledByFamily",
    params: { orderNumber: order.orderNumber },
    emailedSeparately: true,
  } as const;
  await emailFamily(tx, order.id, email, { type: "order" });
  await notifyFamily(tx, order.id, notification, { except: order.cancelledBy });
  if (order.caregiverId) {
    const path = `/caregiver/orders/${order.id}`;
    await emailUser(order.caregiverId, (firstName, locale) => email({ firstName, locale, url: orderUrl(path) }), tx, {
      type: "order",
    });
    await queueNotification(tx, { ...notification, userId: order.caregiverId, actionUrl: path });
  }
}

/**
 * Tells the family their care is completed and asks them to rate it (the
 * feedback page names the caregiver who did most of the visits). No email
 * goes for it: the notification's email channel is the only one.
 */
export async function notifyCompleted(order: OrderRow, tx: Tx) {
  const caregiverId = (await caregiverToRate(tx, order.id)) ?? order.caregiverId;
  const [caregiver] = caregiverId
    ? await tx
        .select({ firstName: caregiverProfiles.firstName, lastName: caregiverProfiles.lastName })
        .from(caregiverProfiles)
        .where(eq(caregiverProfiles.userId, caregiverId))
    : [];
  const caregiverName = caregiver ? shortName(caregiver.firstName, caregiver.lastName) : "";
  await queueNotification(tx, {
    userId: order.clientId,
    type: "order",
    subtype: "order_completed",
    key: "orderCompleted",
    params: { orderNumber: order.orderNumber, caregiverName },
    actionUrl: `/dashboard/orders/${order.orderNumber}/feedback`,
    metadata: { caregiverName },
  });
}
