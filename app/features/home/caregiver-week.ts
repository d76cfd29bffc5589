import { WEEKDAYS } from "~/features/care-requests/public";
import { roundCents } from "~/utils/money";
import { weekdayOf, type Quote } from "~/features/pricing/public";
import { formatInZone, localDateIn } from "~/utils/datetime";

// The caregiver's week on their home screen, as pure rules: which visits are
// this week's (Monday to Sunday on the clock where each visit happens), their
// scheduled hours and the pay the booked quote promises for them. "Expected":
// the quote's caregiver share for the scheduled times, not a payout record.

/** The visit statuses that count towards the week (neither missed nor cancelled). */
export const WEEK_VISIT_STATUSES = ["scheduled", "checked_in", "completed"] as const;

export type WeekVisit = {
  startsAt: Date;
  endsAt: Date;
  status: string;
  /** Where care happens. */
  timeZone: string;
  /** The order's quote as booked (its caregiverPayCents, period and visits). */
  quote: Pick<Quote, "caregiverPayCents" | "visits" | "visitsPerPeriod" | "scheduleType">;
};

export type WeekSummary = { visitCount: number; minutes: number; expectedPayCents: number };

/** YYYY-MM-DD plus `days` (calendar arithmetic, no zone). */
function addDays(isoDate: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Monday and Sunday (YYYY-MM-DD) of the week `now` falls in, on the clock of `timeZone`. */
export function weekIn(timeZone: string, now: Date): { monday: string; sunday: string } {
  const today = localDateIn(timeZone, now);
  const monday = addDays(today, -weekdayOf(today));
  return { monday, sunday: addDays(monday, 6) };
}

/** Whether a visit starts this week (Monday to Sunday where it happens). */
export function isThisWeek(visit: Pick<WeekVisit, "startsAt" | "timeZone">, now: Date): boolean {
  const { monday, sunday } = weekIn(visit.timeZone, now);
  const day = localDateIn(visit.timeZone, visit.startsAt);
  return day >= monday && day <= sunday;
}

/**
 * The caregiver's pay for one visit, from the quote it was booked at: the
 * quote's pay for the period shared out in proportion to the visit's price
 * (a weekend or overnight visit is worth more), found by its weekday (or date)
 * and start time. A visit the quote does not list (its times were moved or
 * edited) gets the period's pay per scheduled minute times its own length.
 */
export function expectedVisitPayCents(visit: Pick<WeekVisit, "startsAt" | "endsAt" | "timeZone" | "quote">): number {
  const { quote } = visit;
  const localDay = localDateIn(visit.timeZone, visit.startsAt);
  const start = formatInZone(visit.startsAt, visit.timeZone, "HH:mm");
  const day = quote.scheduleType === "one-time" ? localDay : WEEKDAYS[weekdayOf(localDay)];
  const total = quote.visits.reduce((sum, each) => sum + each.amountCents, 0);
  const match = quote.visits.find((each) => each.day === day && each.start === start);
  if (match && total > 0) return roundCents((quote.caregiverPayCents * match.amountCents) / total);
  const scheduledMinutes = quote.visits.reduce((sum, each) => sum + each.scheduledMinutes, 0);
  if (scheduledMinutes > 0) {
    const minutes = (visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000;
    return roundCents((quote.caregiverPayCents * minutes) / scheduledMinutes);
  }
  return roundCents(quote.caregiverPayCents / Math.max(quote.visitsPerPeriod, 1));
}

/** This week's visits that count, their scheduled minutes and their expected pay. */
export function summarizeWeek(visits: WeekVisit[], now: Date): WeekSummary {
  const counted = visits.filter(
    (visit) => (WEEK_VISIT_STATUSES as readonly string[]).includes(visit.status) && isThisWeek(visit, now),
  );
  return {
    visitCount: counted.length,
    minutes: counted.reduce(
      (sum, visit) => sum + Math.round((visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000),
      0,
    ),
    expectedPayCents: counted.reduce((sum, visit) => sum + expectedVisitPayCents(visit), 0),
  };
}
