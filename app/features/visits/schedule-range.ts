import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { addWeeks } from "date-fns/addWeeks";
import { format } from "date-fns/format";
import { isValid } from "date-fns/isValid";
import { parseISO } from "date-fns/parseISO";
import { startOfWeek } from "date-fns/startOfWeek";

// The schedule page's ranges (routes/caregiver/schedule.tsx): weeks run Monday
// to Sunday in the caregiver's home zone; the agenda shows the next 14 days.

export const AGENDA_DAYS = 14;

export type ScheduleView = "agenda" | "week";

export type ScheduleRange = {
  view: ScheduleView;
  from: Date;
  to: Date;
  /** YYYY-MM-DD of each day shown (the week's seven, or the agenda's days). */
  days: string[];
  /** The Monday of the week shown, and of the weeks before and after (week view). */
  weekStart: string;
  previousWeek: string;
  nextWeek: string;
};

/** The range a schedule URL asks for: ?view=week&week=YYYY-MM-DD (any day of the week), else the agenda from today. */
export function scheduleRange(search: URLSearchParams, timeZone: string, now: Date = new Date()): ScheduleRange {
  const view: ScheduleView = search.get("view") === "week" ? "week" : "agenda";
  const today = new TZDate(now.getTime(), timeZone);
  const asked = parseISO(search.get("week") ?? "");
  const day =
    view === "week" && isValid(asked)
      ? new TZDate(asked.getFullYear(), asked.getMonth(), asked.getDate(), timeZone)
      : today;
  const monday = startOfWeek(day, { weekStartsOn: 1 });
  const first = view === "week" ? monday : new TZDate(today.getFullYear(), today.getMonth(), today.getDate(), timeZone);
  const count = view === "week" ? 7 : AGENDA_DAYS;
  const days = Array.from({ length: count }, (_, index) => format(addDays(first, index), "yyyy-MM-dd"));
  return {
    view,
    from: new Date(first.getTime()),
    to: new Date(addDays(first, count).getTime()),
    days,
    weekStart: format(monday, "yyyy-MM-dd"),
    previousWeek: format(addWeeks(monday, -1), "yyyy-MM-dd"),
    nextWeek: format(addWeeks(monday, 1), "yyyy-MM-dd"),
  };
}

/**
 * The day of the range a visit is listed under: the day it starts, or the range's first day for one
 * that began before the range and runs into it (a visit still under way, or late, after midnight).
 */
export function scheduleDayOf(startDay: string, range: Pick<ScheduleRange, "days">): string {
  const first = range.days[0];
  return first !== undefined && startDay < first ? first : startDay;
}
