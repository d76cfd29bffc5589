import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { formatCalendarDate, formatTimeOfDay, localDateIn, zonedInstant } from "~/utils/datetime";
import { messageKey, type MessageKey } from "~/i18n/message-keys";
import { DATE, minutesOf, TIME, type Schedule } from "./care-request.schema";

// The concrete visits of a schedule, as local dates and times where care
// happens (the database turns them into instants with the request's time zone).

/** Recurring care is scheduled this many weeks ahead; a job extends the horizon as weeks pass. */
export const HORIZON_WEEKS = 8;

export type Occurrence = { date: string; start: string; end: string };
export type WeeklyWindow = { weekday: number; startMinute: number; endMinute: number };

/** The weekly windows a caregiver must be available for (weekday 0 = Monday). */
export function weeklyWindows(schedule: Schedule): WeeklyWindow[] {
  if (schedule.scheduleType === "one-time") {
    return [
      {
        weekday: (parseISO(schedule.startDate).getDay() + 6) % 7,
        startMinute: minutesOf(schedule.startTime),
        endMinute: minutesOf(schedule.endTime),
      },
    ];
  }
  return Object.entries(schedule.weeklySchedule).flatMap(([weekday, windows]) =>
    windows.map((window) => ({
      weekday: Number(weekday),
      startMinute: minutesOf(window.start),
      endMinute: minutesOf(window.end),
    })),
  );
}

/**
 * The visits of a schedule on dates from `from` (inclusive) to `until`
 * (exclusive), both YYYY-MM-DD, within the schedule's own dates.
 */
export function occurrences(schedule: Schedule, range: { from: string; until: string }): Occurrence[] {
  if (schedule.scheduleType === "one-time") {
    return schedule.startDate >= range.from && schedule.startDate < range.until
      ? [{ date: schedule.startDate, start: schedule.startTime, end: schedule.endTime }]
      : [];
  }
  const first = schedule.startDate > range.from ? schedule.startDate : range.from;
  const result: Occurrence[] = [];
  for (let day = parseISO(first); ; day = addDays(day, 1)) {
    const date = format(day, "yyyy-MM-dd");
    if (date > schedule.endDate || date >= range.until) break;
    const weekday = String((day.getDay() + 6) % 7) as keyof typeof schedule.weeklySchedule;
    for (const window of schedule.weeklySchedule[weekday] ?? []) {
      result.push({ date, start: window.start, end: window.end });
    }
  }
  return result;
}

/** The first `weeks` weeks of a schedule, from its start date (or `today` if later). */
export function horizonOccurrences(schedule: Schedule, today: string, weeks = HORIZON_WEEKS): Occurrence[] {
  const from = schedule.startDate > today ? schedule.startDate : today;
  return occurrences(schedule, { from, until: format(addDays(parseISO(from), weeks * 7), "yyyy-MM-dd") });
}

/**
 * A recurring schedule with a new weekly pattern from `fromDate` on, until its own end date: an order whose
 * schedule was changed from a date (docs/decisions/0052-changing-a-recurring-schedule.md). Earlier dates are
 * already booked with the old pattern.
 */
export function scheduleFrom<S extends Extract<Schedule, { scheduleType: "recurring" }>>(
  schedule: S,
  fromDate: string,
  weekly: S["weeklySchedule"],
): S {
  return {
    ...schedule,
    startDate: fromDate > schedule.startDate ? fromDate : schedule.startDate,
    weeklySchedule: weekly,
  };
}

/** The first visit of a schedule (the earliest window of its first day with one), or null when it has none. */
export function firstOccurrence(schedule: Schedule): Occurrence | null {
  // Every weekday comes round within a week of the start date.
  const firstWeek = occurrences(schedule, {
    from: schedule.startDate,
    until: format(addDays(parseISO(schedule.startDate), 7), "yyyy-MM-dd"),
  });
  let first: Occurrence | null = null;
  for (const visit of firstWeek) {
    if (!first || visit.date < first.date || (visit.date === first.date && visit.start < first.start)) first = visit;
  }
  return first;
}

/** The clock a schedule is checked against: now, where care happens. */
export type ScheduleClock = { timeZone: string; now: Date };
export type ScheduleStartProblem = { field: "startDate" | "startTime"; message: MessageKey };

/**
 * Why a schedule can no longer be booked, on the clock of the place of care
 * (docs/product-rules.md, "Care requests"): its start date is already past
 * there, or its first visit has already started (a one-time visit earlier
 * today, or a weekly one whose first window today is over). Null when it can
 * be booked, or when the schedule is not complete enough to tell.
 */
export function scheduleStartProblem(
  schedule: Schedule,
  { timeZone, now }: ScheduleClock,
): ScheduleStartProblem | null {
  if (!DATE.test(schedule.startDate)) return null;
  if (schedule.startDate < localDateIn(timeZone, now))
    return { field: "startDate", message: messageKey("validation:request.dateInPast") };
  const first = firstOccurrence(schedule);
  if (!first || !TIME.test(first.start)) return null;
  if (zonedInstant(first.date, first.start, timeZone).getTime() > now.getTime()) return null;
  return schedule.scheduleType === "one-time"
    ? { field: "startTime", message: messageKey("validation:request.startTimeInPast") }
    : { field: "startDate", message: messageKey("validation:request.firstVisitInPast") };
}

const SHORT_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function formatDay(isoDate: string, withYear = false): string {
  return formatCalendarDate(isoDate, withYear ? "weekdayDate" : "weekdayMonthDay");
}

/** The schedule in one line: "Mon, Dec 7, 2026, 9:00 AM–1:00 PM" or "Weekly: Mon 9:00 AM–1:00 PM, Wed ... (Dec 7, 2026 to Mar 7, 2027)". */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.scheduleType === "one-time") {
    return `${formatDay(schedule.startDate, true)}, ${formatTimeOfDay(schedule.startTime)}–${formatTimeOfDay(schedule.endTime)}`;
  }
  const windows = Object.entries(schedule.weeklySchedule).flatMap(([weekday, list]) =>
    list.map(
      (window) => `${SHORT_DAYS[Number(weekday)]} ${formatTimeOfDay(window.start)}–${formatTimeOfDay(window.end)}`,
    ),
  );
  return `Weekly: ${windows.join(", ")} (${formatDay(schedule.startDate, true)} to ${formatDay(schedule.endDate, true)})`;
}

/** Whether the schedule has no visit on a date after `date` (YYYY-MM-DD): its last day is `date` or earlier. */
export function scheduleEndsBy(schedule: Schedule, date: string): boolean {
  const nextDay = format(addDays(parseISO(date), 1), "yyyy-MM-dd");
  return occurrences(schedule, { from: nextDay, until: "9999-12-31" }).length === 0;
}
