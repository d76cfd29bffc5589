import type { VisitStatus } from "~/platform/db/schema";

// Appointment reminders (docs/product-rules.md, "Notifications"), as pure
// rules: which reminder a visit is due for at a given moment. The sweep
// (appointment-reminders.server.ts) asks this for every candidate visit under
// its row lock and stamps what it sent, so each reminder goes once.
//
// - The day-before reminder goes once the visit is 24 hours away or less,
//   while it is still more than an hour away (closer, the hour-before one says
//   it better), and only for a visit booked more than 24 hours before its
//   start: one booked later was confirmed moments ago, with its time.
// - The hour-before reminder goes once the visit is an hour away or less,
//   until it starts.
// - Only scheduled visits: never a cancelled, missed or checked-in one.
// A sweep that ran late (a restart) still sends a reminder whose window is
// open, and never one whose window has passed.

const MINUTE = 60_000;
export const DAY_BEFORE_MS = 24 * 60 * MINUTE;
export const HOUR_BEFORE_MS = 60 * MINUTE;

export type ReminderKind = "day_before" | "hour_before";

/** What the rule needs of a visit. */
export type ReminderVisit = {
  status: VisitStatus;
  startsAt: Date;
  /** When it was booked. */
  createdAt: Date;
  remindedDayBeforeAt: Date | null;
  remindedHourBeforeAt: Date | null;
};

/** The reminder due for this visit at `now`, or null. */
export function dueReminder(visit: ReminderVisit, now: Date): ReminderKind | null {
  if (visit.status !== "scheduled") return null;
  const untilStart = visit.startsAt.getTime() - now.getTime();
  if (untilStart <= 0) return null;
  if (untilStart <= HOUR_BEFORE_MS) return visit.remindedHourBeforeAt === null ? "hour_before" : null;
  if (untilStart > DAY_BEFORE_MS || visit.remindedDayBeforeAt !== null) return null;
  return isBookedDayAhead(visit) ? "day_before" : null;
}

/** Booked more than 24 hours before its start (it gets a day-before reminder). */
export function isBookedDayAhead(visit: Pick<ReminderVisit, "startsAt" | "createdAt">): boolean {
  return visit.startsAt.getTime() - visit.createdAt.getTime() > DAY_BEFORE_MS;
}
