import { and, asc, eq, inArray } from "drizzle-orm";
import { caregiverProfiles, careRequests, userProfiles, visits } from "~/db/schema";
import { sendEmail } from "~/email/mailer.server";
import { caregiverConfirmedEmail, offerEmail, orderCancelledEmail } from "~/email/templates/care-emails";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { formatVisitShort } from "~/utils/datetime";
import { getEnv } from "~/utils/env.server";
import { loadCareRequest, type NewOffer, type OrderRow, type Tx } from "./order-core.server";
import { displayName } from "./order-helpers";

// The emails of the care loop, queued in the transaction that moves the
// order (docs/decisions/0012-job-queue.md), so that they go out if and only if
// it commits: an offer to the caregiver, the confirmation to the family, the
// cancellation to both. Each function takes that transaction. Each email is
// written in its recipient's language: the one stored on their account
// (user_profiles.locale, as accountLocale reads it), read in that same
// transaction; English when they never chose one.

export function orderUrl(path: string) {
  return `${getEnv().appUrl}${path}`;
}

/**
 * Queues an email to one user (the message built from their first name, in
 * their language) in the transaction `tx`; the job runner delivers it once
 * that commits.
 */
export async function emailUser(
  userId: string,
  build: (firstName: string, locale: Locale) => { subject: string; html: string; text: string },
  tx: Tx,
): Promise<void> {
  const contact = (await contactsOf([userId], tx)).get(userId);
  if (!contact) return;
  await sendEmail({ to: contact.email, ...build(contact.firstName, contact.locale) }, tx);
}

/**
 * Email address, first name and language of users, by id. The language is
 * the account's stored choice (features/accounts/account-locale.server.ts
 * accountLocale), read here through `executor` so that it comes from the
 * email's own transaction; English when none.
 */
export async function contactsOf(
  ids: string[],
  executor: Pick<Tx, "select">,
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
  await emailUser(
    offer.caregiverId,
    (firstName, locale) =>
      offerEmail({
        firstName,
        orderNumber: order.orderNumber,
        area: [request.city, [request.state, request.zip].filter(Boolean).join(" ")].filter(Boolean).join(", "),
        expiresAt: formatWhen(offer.expiresAt, request.zone, locale),
        url: orderUrl(`/caregiver/orders/${order.id}`),
        locale,
      }),
    tx,
  );
}

/** Tells the family who confirmed their order and when the first visit is. */
export async function notifyConfirmed(order: OrderRow, tx: Tx) {
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
  const request = await loadCareRequest(tx, order.careRequestId);
  if (!caregiver) return;
  await emailUser(
    order.clientId,
    (firstName, locale) =>
      caregiverConfirmedEmail({
        firstName,
        orderNumber: order.orderNumber,
        caregiverName: displayName(caregiver.firstName, caregiver.lastName),
        firstVisit: first ? formatWhen(first.startsAt, request.timeZone, locale) : null,
        url: orderUrl(`/dashboard/appointments/order/${order.id}`),
        locale,
      }),
    tx,
  );
}

/** Tells the family and the order's caregiver (if any) that it was cancelled, by whom and why. */
export async function notifyCancelled(order: OrderRow, cancellation: { byAdmin: boolean; reason: string }, tx: Tx) {
  const cancelledBy = cancellation.byAdmin ? "team" : "family";
  const recipients = [
    { id: order.clientId, path: `/dashboard/appointments/order/${order.id}` },
    ...(order.caregiverId ? [{ id: order.caregiverId, path: `/caregiver/orders/${order.id}` }] : []),
  ];
  for (const recipient of recipients) {
    await emailUser(
      recipient.id,
      (firstName, locale) =>
        orderCancelledEmail({
          firstName,
          orderNumber: order.orderNumber,
          cancelledBy,
          reason: cancellation.reason,
          url: orderUrl(recipient.path),
          locale,
        }),
      tx,
    );
  }
}
