import type { Locale } from "~/i18n/config";
import { formatInZone, formatTimeOfDay } from "~/utils/datetime";

// Times on the home screens (routes/client/dashboard.tsx, routes/caregiver/dashboard.tsx, clients.tsx):
// a visit reads on the clock where care happens (docs/architecture.md, "Time").

/** "9:00 AM" ("9:00 a. m.") of an instant, on the clock of `timeZone`. */
export function timeOfDayIn(instant: Date | string, timeZone: string, locale: Locale): string {
  return formatTimeOfDay(formatInZone(instant, timeZone, "HH:mm"), locale);
}

/** The start and end of a visit as "start" and "end" for a message such as "{{start}} to {{end}}". */
export function visitTimes(
  visit: { startsAt: Date | string; endsAt: Date | string; timeZone: string },
  locale: Locale,
): { start: string; end: string } {
  return {
    start: timeOfDayIn(visit.startsAt, visit.timeZone, locale),
    end: timeOfDayIn(visit.endsAt, visit.timeZone, locale),
  };
}
