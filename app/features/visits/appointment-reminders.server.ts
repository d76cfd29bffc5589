import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { visits } from "~/platform/db/schema";
import { lockOrder } from "~/features/orders/public.server";
import { ACTIVE_ORDER_STATUSES, hasCancelled, scheduledVisitsWhere } from "./visit-alerts.server";
import { lockVisit } from "./visit-events.server";
import { loadVisitContext, visitNotification } from "./visit-notifications.server";
import { DAY_BEFORE_MS, dueReminder, HOUR_BEFORE_MS, type ReminderKind } from "./appointment-reminders";
import { queueNotification } from "~/features/notifications/public.server";

// The appointment reminders' sweep (docs/product-rules.md, "Notifications"),
// run every minute by the notifications.appointment-reminders job
// (reminders.job.ts). Each candidate visit is handled in a transaction of its
// own, under its order's and its row's locks (in that order, as everywhere),
// where the rule (appointment-reminders.ts) is asked again and the reminder
// stamped (reminded_day_before_at, reminded_hour_before_at) with the
// notifications queued: a sweep run again, or two at once, remind once.

export type ReminderSweepResult = { dayBefore: number; hourBefore: number; failed: number };

/** Reminds the family and the caregiver of every visit due for a reminder at `now`. */
export async function sweepReminders({ now = new Date() }: { now?: Date } = {}): Promise<ReminderSweepResult> {
  const hourAhead = new Date(now.getTime() + HOUR_BEFORE_MS);
  const dayAhead = new Date(now.getTime() + DAY_BEFORE_MS);
  // The rule's windows as a query (visits_due_idx: scheduled visits by start); the rule decides under the lock.
  const candidates = await scheduledVisitsWhere(
    and(
      gt(visits.startsAt, now),
      lte(visits.startsAt, dayAhead),
      or(
        and(isNull(visits.remindedHourBeforeAt), lte(visits.startsAt, hourAhead)),
        and(
          isNull(visits.remindedDayBeforeAt),
          gt(visits.startsAt, hourAhead),
          sql`${visits.startsAt} - ${visits.createdAt} > interval '24 hours'`,
        ),
      ),
    ),
  );
  const result: ReminderSweepResult = { dayBefore: 0, hourBefore: 0, failed: 0 };
  for (const { id } of candidates) {
    try {
      const sent = await remindVisit(id, now);
      if (sent === "day_before") result.dayBefore += 1;
      if (sent === "hour_before") result.hourBefore += 1;
    } catch (error) {
      // One visit that fails must not stop the others: it is tried again next minute.
      result.failed += 1;
      console.error(`notifications.appointment-reminders: visit ${id} failed`, error);
    }
  }
  return result;
}

const KEYS = {
  day_before: { family: "reminderDayBeforeFamily", caregiver: "reminderDayBeforeCaregiver" },
  hour_before: { family: "reminderHourBeforeFamily", caregiver: "reminderHourBeforeCaregiver" },
} as const satisfies Record<ReminderKind, Record<"family" | "caregiver", string>>;

async function remindVisit(visitId: string, now: Date): Promise<ReminderKind | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ orderId: visits.orderId }).from(visits).where(eq(visits.id, visitId));
    if (!found) return null;
    // Order first, then visit: a cancellation holding the order is waited for, and its visits then read cancelled.
    const order = await lockOrder(tx, found.orderId);
    const visit = await lockVisit(tx, visitId);
    if (!ACTIVE_ORDER_STATUSES.some((status) => status === order.status)) return null;
    const kind = dueReminder(visit, now);
    if (!kind) return null;
    // Its caregiver said they cannot come and no backup has taken it yet: no reminder naming them.
    // Left unstamped, so that it goes, naming the backup, if one takes it while the window is open.
    if (await hasCancelled(tx, visit.id, visit.caregiverId)) return null;
    await tx
      .update(visits)
      .set(kind === "day_before" ? { remindedDayBeforeAt: now } : { remindedHourBeforeAt: now })
      .where(eq(visits.id, visit.id));
    const context = await loadVisitContext(tx, visit);
    for (const to of ["family", "caregiver"] as const) {
      await queueNotification(
        tx,
        visitNotification(context, to, { type: "schedule", subtype: "appointment_reminder", key: KEYS[kind][to] }),
      );
    }
    return kind;
  });
}
