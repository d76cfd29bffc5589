import { formatCalendarDate, localDateIn, timeOfDayIn, type DateLocale } from "./datetime";

// "Last updated …" on the caregiver's day as the phone kept it, and on the notifications the bell lists there: when
// they show with no connection, or from the copy the service worker kept, the time the data was read on the server
// (docs/architecture.md, "Opening the caregiver's day with no signal").

/** Data older than this on screen is said to be as of its time, also online (a kept copy served on a weak signal). */
export const SHOWN_AS_KEPT_AFTER_MS = 2 * 60_000;

/** Whether the page says when its data was read: with no connection, or when the data is no longer fresh. */
export function showsLastUpdated({ fetchedAt, now, isOnline }: { fetchedAt: Date; now: Date; isOnline: boolean }) {
  return !isOnline || now.getTime() - fetchedAt.getTime() >= SHOWN_AS_KEPT_AFTER_MS;
}

/**
 * The time the data was read, on the reader's clock (`timeZone`): the time of day alone when that was today,
 * with its date otherwise (and the year when not this year).
 */
export function lastUpdatedAt(
  fetchedAt: Date,
  now: Date,
  timeZone: string,
  locale: DateLocale,
): { isToday: boolean; date: string; time: string } {
  const day = localDateIn(timeZone, fetchedAt);
  const today = localDateIn(timeZone, now);
  const style = day.slice(0, 4) === today.slice(0, 4) ? "monthDay" : "date";
  return {
    isToday: day === today,
    date: formatCalendarDate(day, style, locale),
    time: timeOfDayIn(fetchedAt, timeZone, locale),
  };
}
