import { eq } from "drizzle-orm";
import { caregiverProfiles, careRequests, orders, userRoles } from "~/platform/db/schema";
import {
  backupOfferEmail,
  backupTakenFamilyEmail,
  backupTakenOriginalEmail,
  caregiverCancelledAdminEmail,
  caregiverCancelledFamilyEmail,
  lateAdminEmail,
  lateCaregiverEmail,
  lateFamilyEmail,
  noBackupEmail,
  noBackupFamilyEmail,
} from "~/platform/email/templates/visit-emails";
import type { Tx, Executor } from "~/platform/db/client.server";
import { publishRealtime } from "~/platform/realtime/publish.server";
import {
  contactsOf,
  emailFamily as emailFamilyOfOrder,
  emailUser,
  notifyFamily,
  orderUrl,
} from "~/features/orders/public.server";
import { sendEmail } from "~/platform/email/mailer.server";
import { queueNotification, type NotificationRequest } from "~/features/notifications/public.server";
import { withEmailOff } from "~/features/notifications/public.server";
import { withAccountUnsubscribe } from "~/features/notifications/public.server";
import type { Locale } from "~/i18n/config";
import type { NotificationType } from "~/utils/notifications";
import { formatVisitShort } from "~/utils/datetime";
import type { VisitRow } from "./visit-events.server";
import { shortName } from "~/utils/person-name";

// The emails and notifications of late and missed visits, backups and
// caregivers' cancellations, queued in the transaction of the change that
// causes them (docs/decisions/0012-job-queue.md), each in its recipient's
// language (user_profiles.locale, read in that transaction by contactsOf; the
// notification job reads it when it writes the text). Who is notified of
// what: docs/product-rules.md, "Notifications".

/** What the emails say of a visit: its order, where and when, and who its caregiver is. */
export type VisitContext = {
  visit: VisitRow;
  orderId: string;
  orderNumber: string;
  clientId: string;
  timeZone: string;
  /** "Chicago, IL 60614": the area, never the street. */
  area: string;
  caregiverName: string;
};

export async function loadVisitContext(tx: Tx, visit: VisitRow): Promise<VisitContext> {
  const [row] = await tx
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      clientId: orders.clientId,
      timeZone: careRequests.timeZone,
      city: careRequests.city,
      state: careRequests.state,
      zip: careRequests.zipCode,
    })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, visit.orderId));
  if (!row) throw new Error(`The order of visit ${visit.id} is missing`);
  return {
    visit,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    clientId: row.clientId,
    timeZone: row.timeZone,
    area: areaLine(row),
    caregiverName: await caregiverName(tx, visit.caregiverId),
  };
}

/** "Chicago, IL 60614": where care happens, never the street. */
export function areaLine(place: { city: string | null; state: string | null; zip: string | null }): string {
  return [place.city, [place.state, place.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** "Jordan R." of a caregiver. */
export async function caregiverName(tx: Executor, caregiverId: string): Promise<string> {
  const [profile] = await tx
    .select({ firstName: caregiverProfiles.firstName, lastName: caregiverProfiles.lastName })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiverId));
  return profile ? shortName(profile.firstName, profile.lastName) : "";
}

const when = (context: VisitContext, locale: Locale) =>
  formatVisitShort(context.visit.startsAt, context.timeZone, { withZone: true, locale });
const adminUrl = (context: VisitContext) => orderUrl(`/admin/orders/${context.orderId}`);

/** What every email to the family about one visit says: their name, the order, the visit's start, its page. */
type FamilyVisitEmail = { firstName: string; orderNumber: string; when: string; url: string | null; locale: Locale };

/**
 * Emails the family about the visit: the holder and every member of the circle, each in their language, if they take
 * emails of this type (docs/product-rules.md, "Family circle").
 */
function emailFamily(
  tx: Tx,
  context: VisitContext,
  type: NotificationType,
  build: (visit: FamilyVisitEmail) => { subject: string; html: string; text: string },
) {
  return emailFamilyOfOrder(
    tx,
    context.orderId,
    (person) => build({ ...person, orderNumber: context.orderNumber, when: when(context, person.locale) }),
    { type },
  );
}
export const backupUrl = (visitId: string) => orderUrl(`/caregiver/visits/${visitId}/backup`);

/**
 * A notification about this visit to its family: the holder and every member of the circle, each their own, with the
 * order page as the action of whoever may open it (docs/product-rules.md, "Family circle").
 */
export async function notifyVisitFamily(
  tx: Tx,
  context: VisitContext,
  request: Omit<NotificationRequest, "userId" | "actionUrl">,
): Promise<void> {
  const { userId: _holder, actionUrl: _orderPage, ...alert } = visitNotification(context, "family", request);
  await notifyFamily(tx, context.orderId, alert);
}

/**
 * A notification about this visit: its start as {{when}} (written in the
 * reader's language on the clock where care happens; other instants in `times`), its caregiver's name,
 * and the family's order page or the caregiver's schedule as the action.
 */
export function visitNotification(
  context: VisitContext,
  to: "family" | "caregiver",
  request: Omit<NotificationRequest, "userId"> & { userId?: string },
): NotificationRequest {
  const { visit, timeZone } = context;
  return {
    userId: to === "family" ? context.clientId : visit.caregiverId,
    actionUrl: to === "family" ? `/dashboard/appointments/order/${context.orderId}` : "/caregiver/schedule",
    ...request,
    params: { caregiverName: context.caregiverName, area: context.area, ...request.params },
    times: { ...request.times, when: { at: visit.startsAt.toISOString(), timeZone } },
    metadata: {
      serviceDate: visit.startsAt.toISOString(),
      // The family's caregiver; a caregiver is not sent a colleague's name they are not shown.
      ...(to === "family" ? { caregiverName: context.caregiverName } : {}),
      ...request.metadata,
    },
  };
}

async function adminIds(tx: Executor): Promise<string[]> {
  const admins = await tx.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
  return admins.map((admin) => admin.id);
}

/**
 * An urgent in-app notification to every administrator about this visit, with its order number and the
 * admin's order page as the action (docs/product-rules.md, "Notifications").
 */
export async function notifyAdmins(
  tx: Tx,
  context: VisitContext,
  request: { subtype: string; key: string; emailedSeparately: boolean },
): Promise<void> {
  for (const adminId of await adminIds(tx)) {
    await queueNotification(
      tx,
      visitNotification(context, "family", {
        userId: adminId,
        type: "schedule",
        ...request,
        params: { orderNumber: context.orderNumber },
        priority: "urgent",
        actionUrl: `/admin/orders/${context.orderId}`,
        metadata: { requiresAction: true },
      }),
    );
  }
}

/**
 * Tells every administrator's open pages that a visit needing attention changed (late, backup offered or
 * not, taken, missed, checked in at last): the live queue on /admin/visits reloads itself
 * (docs/architecture.md, "A visit nobody checked in to: late alert, backup caregivers, missed").
 */
export async function announceVisitAttention(tx: Executor, visitId: string): Promise<void> {
  await publishRealtime(tx, await adminIds(tx), "visit-attention", { visitId });
}

/**
 * Queues one email to every administrator, each in their language. They are
 * about visits: an administrator who turned email off for the schedule type
 * gets none (docs/product-rules.md, "Notification delivery").
 */
async function emailAdmins(
  tx: Tx,
  build: (locale: Locale) => { subject: string; html: string; text: string },
): Promise<void> {
  const ids = await adminIds(tx);
  const [contacts, emailOff] = [await contactsOf(ids, tx), await withEmailOff(tx, ids, "schedule")];
  for (const [userId, contact] of contacts) {
    if (emailOff.has(userId)) continue;
    const email = await withAccountUnsubscribe(build(contact.locale), {
      userId,
      type: "schedule",
      locale: contact.locale,
    });
    await sendEmail({ to: contact.email, ...email }, tx);
  }
}

/** The late alert: to the caregiver (unless they already said they cannot come), the family and every admin. */
export async function notifyLate(
  tx: Tx,
  context: VisitContext,
  options: { backupMinutes: number; tellCaregiver: boolean },
) {
  const { orderNumber, caregiverName: name } = context;
  if (options.tellCaregiver) {
    await emailUser(
      context.visit.caregiverId,
      (firstName, locale) =>
        lateCaregiverEmail({
          firstName,
          orderNumber,
          when: when(context, locale),
          // The schedule, not the order: a backup caregiver holds the visit, not the order.
          url: orderUrl("/caregiver/schedule"),
          locale,
        }),
      tx,
      { type: "schedule" },
    );
    await queueNotification(
      tx,
      visitNotification(context, "caregiver", {
        type: "schedule",
        subtype: "visit_late",
        key: "visitLateCaregiver",
        priority: "urgent",
        metadata: { requiresAction: true },
        emailedSeparately: true,
      }),
    );
  }
  await notifyVisitFamily(tx, context, {
    type: "schedule",
    subtype: "visit_late",
    key: "visitLateFamily",
    priority: "urgent",
    emailedSeparately: true,
  });
  await emailFamily(tx, context, "schedule", (visit) => lateFamilyEmail({ ...visit, caregiverName: name }));
  await notifyAdmins(tx, context, { subtype: "visit_late", key: "visitLateAdmin", emailedSeparately: true });
  await emailAdmins(tx, (locale) =>
    lateAdminEmail({
      caregiverName: name,
      orderNumber,
      when: when(context, locale),
      backupMinutes: options.backupMinutes,
      url: adminUrl(context),
      locale,
    }),
  );
}

/** The offer to each backup caregiver, with the link to accept it. */
export async function notifyBackupOffered(tx: Tx, context: VisitContext, caregiverIds: string[]) {
  for (const caregiverId of caregiverIds) {
    await emailUser(
      caregiverId,
      (firstName, locale) =>
        backupOfferEmail({
          firstName,
          area: context.area,
          when: when(context, locale),
          url: backupUrl(context.visit.id),
          locale,
        }),
      tx,
      { type: "schedule" },
    );
    // Urgent: the visit is under way (or about to be) and the first to accept takes it.
    await queueNotification(
      tx,
      visitNotification(context, "caregiver", {
        userId: caregiverId,
        type: "schedule",
        subtype: "backup_offer",
        key: "backupOffered",
        priority: "urgent",
        actionUrl: `/caregiver/visits/${context.visit.id}/backup`,
        metadata: { requiresAction: true },
        emailedSeparately: true,
      }),
    );
  }
}

/**
 * Nobody is free to cover the visit: every admin is told (email and in-app), and so is the family, with
 * what the team does now (docs/product-rules.md, "Late and missed visits, backup caregivers").
 */
export async function notifyNoBackup(tx: Tx, context: VisitContext) {
  await notifyAdmins(tx, context, { subtype: "no_backup", key: "noBackupAdmin", emailedSeparately: true });
  await emailAdmins(tx, (locale) =>
    noBackupEmail({ orderNumber: context.orderNumber, when: when(context, locale), url: adminUrl(context), locale }),
  );
  await notifyVisitFamily(tx, context, {
    type: "schedule",
    subtype: "no_backup",
    key: "noBackupFamily",
    priority: "urgent",
    emailedSeparately: true,
  });
  await emailFamily(tx, context, "schedule", noBackupFamilyEmail);
}

/** A backup took the visit: the family learns who is coming, the caregiver it was taken from that they need not go. */
export async function notifyBackupTaken(
  tx: Tx,
  context: VisitContext,
  taken: { newCaregiverName: string; previousCaregiverId: string },
) {
  const { orderNumber } = context;
  await emailFamily(tx, context, "caregiver", (visit) =>
    backupTakenFamilyEmail({ ...visit, caregiverName: taken.newCaregiverName }),
  );
  await emailUser(
    taken.previousCaregiverId,
    (firstName, locale) =>
      backupTakenOriginalEmail({
        firstName,
        caregiverName: taken.newCaregiverName,
        orderNumber,
        when: when(context, locale),
        url: orderUrl("/caregiver/orders"),
        locale,
      }),
    tx,
    { type: "schedule" },
  );
  // The context's caregiver is the one who took the visit.
  await notifyVisitFamily(tx, context, {
    type: "caregiver",
    subtype: "caregiver_assigned",
    key: "backupTakenFamily",
    emailedSeparately: true,
  });
  await queueNotification(
    tx,
    visitNotification(context, "caregiver", {
      userId: taken.previousCaregiverId,
      type: "schedule",
      subtype: "visit_reassigned",
      key: "backupTakenPrevious",
      emailedSeparately: true,
    }),
  );
}

/** The caregiver cannot make the visit: the family and every admin are told (the admins whether it is late, and why). */
export async function notifyCaregiverCancelled(
  tx: Tx,
  context: VisitContext,
  cancellation: {
    /** What the caregiver wrote; null for time off with no reason written (worded by each reader). */
    reason: string | null;
    isLate: boolean;
    lateCancelHours: number;
    noticeHours?: number;
    /** A family's move declined or unanswered: the family is told so, not that the caregiver cancelled. */
    move?: "declined" | "expired";
  },
) {
  const { noticeHours, move, ...forAdmins } = cancellation;
  const { orderNumber, caregiverName: name } = context;
  // A move's answer is emailed with its notification (no dedicated email says it).
  if (!move)
    await emailFamily(tx, context, "schedule", (visit) =>
      caregiverCancelledFamilyEmail({ ...visit, caregiverName: name }),
    );
  await notifyVisitFamily(tx, context, {
    type: "schedule",
    subtype: "visit_cancelled",
    // Handed over for time off: the family is told the notice the caregiver gave (docs/product-rules.md, "Time off").
    ...(move
      ? { key: move === "declined" ? "visitMoveDeclined" : "visitMoveExpired" }
      : noticeHours === undefined
        ? { key: "visitCancelledByCaregiver" }
        : { key: "visitHandedOverTimeOff", params: { noticeHours } }),
    // Late, the family may need to arrange something themselves.
    priority: cancellation.isLate ? "urgent" : "normal",
    emailedSeparately: !move,
  });
  await emailAdmins(tx, (locale) =>
    caregiverCancelledAdminEmail({
      caregiverName: name,
      orderNumber,
      when: when(context, locale),
      url: adminUrl(context),
      locale,
      ...forAdmins,
    }),
  );
}

/**
 * The visit is missed (nobody checked in by its end): the family and its
 * caregiver (unless they had said they could not come) are notified. No email
 * goes for it: the notification's email channel is the only one.
 */
export async function notifyMissed(tx: Tx, context: VisitContext, options: { tellCaregiver: boolean }) {
  await notifyVisitFamily(tx, context, {
    type: "schedule",
    subtype: "visit_missed",
    key: "visitMissedFamily",
    priority: "urgent",
  });
  if (options.tellCaregiver) {
    await queueNotification(
      tx,
      visitNotification(context, "caregiver", {
        type: "schedule",
        subtype: "visit_missed",
        key: "visitMissedCaregiver",
        priority: "urgent",
      }),
    );
  }
}

/**
 * Too many wrong family codes: the code is closed for this visit (or this caregiver's visits today). The
 * family learns that someone tried, and every admin is asked to look (docs/product-rules.md, "Visits").
 */
export async function notifyFamilyCodeClosed(tx: Tx, context: VisitContext) {
  await notifyVisitFamily(tx, context, {
    type: "schedule",
    subtype: "family_code_closed",
    key: "familyCodeClosedFamily",
    priority: "urgent",
  });
  await notifyAdmins(tx, context, {
    subtype: "family_code_closed",
    key: "familyCodeClosedAdmin",
    emailedSeparately: false,
  });
}
