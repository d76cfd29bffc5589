import { TZDate, tz, tzOffset } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { es } from "date-fns/locale/es";
import { parseISO } from "date-fns/parseISO";
import { dateTimeFormat } from "./intl-formats";
import { spanishDayPeriods, toDate, type DateLocale, type Instant } from "./intl-dates";

// Dates written with Intl alone (formatLongDate, formatClockTime, formatMonthYear) are in intl-dates.ts,
// which public pages and the chrome around every page load without date-fns
// (docs/decisions/0041-what-a-page-carries.md).

// Every date and time shown to people is formatted here, always in a named
// IANA zone, never in the zone of whichever machine runs the code (the server
// renders the page and the browser hydrates it: both must print the same
// text). The rule: a visit is shown in the visit's zone, where care happens
// (stored on the care request); everything else in the viewer's zone.
//
// The server does not know the viewer's zone (no cookie or setting carries
// it, and a page's first render happens before any browser code runs), so
// "the viewer's zone" is VIEWER_TIME_ZONE, stated next to each time with its
// abbreviation ("Nov 25, 2026 at 7:14 PM UTC") so that nobody mistakes it for
// their own clock.

/** The zone of times that are not visits (admin pages, timestamps). */
export const VIEWER_TIME_ZONE = "UTC";

/**
 * The languages dates are written in (the app's locales, app/i18n/config.ts;
 * utils cannot import it). Each has its own patterns (docs/spanish-style.md):
 * "Mon, Dec 7, 2026 at 9:00 AM" in English; in Spanish the day before the
 * month, the weekday in full in a sentence ("lunes 7 de diciembre de 2026,
 * 9:00 a. m."; "mar" alone reads as the sea or March), "7 dic 2026" in tables,
 * and times on the 12-hour clock with "a. m." and "p. m.".
 */
export type { DateLocale };

const PATTERNS = {
  en: {
    visit: "EEE, MMM d, yyyy 'at' h:mm a",
    visitShort: "EEE, MMM d 'at' h:mm a",
    date: "MMM d, yyyy",
    dateTime: "MMM d, yyyy 'at' h:mm a",
    timestamp: "MMM d, yyyy, h:mm:ss a",
    calendarDate: "EEE, MMM d, yyyy",
    timeOfDay: "h:mm a",
  },
  es: {
    visit: "EEEE d 'de' MMMM 'de' yyyy, h:mm aaaa",
    visitShort: "EEEE d 'de' MMMM, h:mm aaaa",
    date: "d MMM yyyy",
    dateTime: "d MMM yyyy, h:mm aaaa",
    timestamp: "d MMM yyyy, h:mm:ss aaaa",
    calendarDate: "EEEE d 'de' MMMM 'de' yyyy",
    timeOfDay: "h:mm aaaa",
  },
} as const satisfies Record<DateLocale, Record<string, string>>;

/**
 * The calendar dates a screen may show, by what they are for rather than by
 * pattern, so that each language orders and words them its own way.
 */
const CALENDAR_STYLES = {
  en: {
    /** "Mon, Dec 7, 2026": a date in a sentence or a heading. */
    weekdayDate: "EEE, MMM d, yyyy",
    /** "Mon, Dec 7": the same within the year in view. */
    weekdayMonthDay: "EEE, MMM d",
    /** "Monday, December 7, 2026": a day's heading. */
    weekdayLongDate: "EEEE, PPP",
    /** "Mon 7": a day in a compact week. */
    weekdayDay: "EEE d",
    /** "Dec 7": a day in a chart or a range within one year. */
    monthDay: "MMM d",
    /** "Dec 7, 2026": a date in a table. */
    date: "PP",
    /** "December 7, 2026". */
    longDate: "PPP",
  },
  es: {
    weekdayDate: "EEEE d 'de' MMMM 'de' yyyy",
    weekdayMonthDay: "EEEE d 'de' MMMM",
    weekdayLongDate: "EEEE d 'de' MMMM 'de' yyyy",
    weekdayDay: "EEE d",
    monthDay: "d MMM",
    date: "d MMM yyyy",
    longDate: "d 'de' MMMM 'de' yyyy",
  },
} as const satisfies Record<DateLocale, Record<string, string>>;

export type CalendarStyle = keyof (typeof CALENDAR_STYLES)["en"];

/** A date-fns pattern in `locale`, with Spanish's day periods. */
function formatIn(date: Date, pattern: string, locale: DateLocale, zone?: string): string {
  const text = format(date, pattern, { locale: DATE_FNS_LOCALES[locale], ...(zone ? { in: tz(zone) } : {}) });
  return locale === "es" ? spanishDayPeriods(text) : text;
}

const DATE_FNS_LOCALES = { en: undefined, es } as const;

/** A date-fns pattern applied to an instant as the clock reads in `timeZone`. */
export function formatInZone(instant: Instant, timeZone: string, pattern: string, locale: DateLocale = "en"): string {
  return formatIn(toDate(instant), pattern, locale, timeZone);
}

/** The zone's short name at that instant: "EST", "CDT", "MST", "UTC". */
export function zoneAbbreviation(instant: Instant, timeZone: string): string {
  return englishZoneName(timeZone, toDate(instant), "short");
}

/** The zone's English name as @date-fns/tz's tzName gives it, from a formatter made once per zone and style. */
function englishZoneName(timeZone: string, date: Date, style: "short" | "shortGeneric"): string {
  // The hour makes every engine write the time; the hour and the day period are then dropped.
  return dateTimeFormat("en-US", { hour: "numeric", timeZone, timeZoneName: style })
    .format(date)
    .split(/\s/g)
    .slice(2)
    .join(" ");
}

/** YYYY-MM-DD of an instant in a zone (the local date where care happens). */
export function localDateIn(timeZone: string, instant: Instant = new Date()): string {
  return formatInZone(instant, timeZone, "yyyy-MM-dd");
}

/** The instant a wall-clock time (YYYY-MM-DD, HH:mm) reads in a zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  const [hours, minutes] = time.split(":").map(Number);
  return new Date(new TZDate(year!, month! - 1, day!, hours!, minutes!, timeZone).getTime());
}

// Naming the zone. A visit always reads on the clock where care happens; its
// zone is named only when the viewer's own clock reads differently at that
// instant, so a family in Chicago reads "9:00 AM" and an administrator in New
// York "9:00 AM CST". The viewer's zone is known only in the browser
// (components/viewer-time-zone.tsx); where it is not known (the server's
// render, the first render in the browser) it is `null` and nothing is named,
// so that the page hydrates with the text the server sent.

/** Whether two zones' clocks read differently at an instant (Denver and Phoenix differ in summer only). */
export function zonesDiffer(instant: Instant, timeZone: string, otherTimeZone: string): boolean {
  if (timeZone === otherTimeZone) return false;
  const date = toDate(instant);
  return tzOffset(timeZone, date) !== tzOffset(otherTimeZone, date);
}

/** "CST" when a viewer in `viewerTimeZone` needs a time read in `timeZone` named; null when not, or not known. */
export function zoneLabelFor(instant: Instant, timeZone: string, viewerTimeZone: string | null): string | null {
  if (!viewerTimeZone || !zonesDiffer(instant, timeZone, viewerTimeZone)) return null;
  return zoneAbbreviation(instant, timeZone);
}

/**
 * "CT" for a schedule (local times repeated over weeks, on both sides of a DST
 * change) when the viewer's clock reads differently on any of `instants`
 * (its first and last day); null when not, or not known.
 */
export function scheduleZoneLabelFor(
  instants: readonly Instant[],
  timeZone: string,
  viewerTimeZone: string | null,
): string | null {
  if (!viewerTimeZone || !instants.some((instant) => zonesDiffer(instant, timeZone, viewerTimeZone))) return null;
  return englishZoneName(timeZone, toDate(instants[0]!), "shortGeneric");
}

/**
 * The US zones as Spanish speakers here name them (Intl writes "hora central", "hora oriental",
 * "hora de las Montañas Rocosas"), by their generic English name.
 */
const SPANISH_ZONE_NAMES: Record<string, string> = {
  "Eastern Time": "hora del Este",
  "Central Time": "hora del Centro",
  "Mountain Time": "hora de la Montaña",
  // Arizona keeps standard time all year.
  "Mountain Standard Time": "hora de la Montaña",
  "Pacific Time": "hora del Pacífico",
};

function intlZoneName(instant: Instant, timeZone: string, intlLocale: string, style: "long" | "longGeneric") {
  const parts = dateTimeFormat(intlLocale, { timeZone, timeZoneName: style }).formatToParts(toDate(instant));
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * The zone's name in words, in the reader's language: "Central Standard Time", "hora estándar
 * central"; with `longGeneric`, "Central Time", "hora del Centro" (never an IANA id).
 */
export function zoneLongName(
  instant: Instant,
  timeZone: string,
  locale: DateLocale = "en",
  style: "long" | "longGeneric" = "long",
): string {
  if (locale === "es" && style === "longGeneric") {
    const known = SPANISH_ZONE_NAMES[intlZoneName(instant, timeZone, "en-US", style)];
    if (known) return known;
  }
  return intlZoneName(instant, timeZone, locale === "es" ? "es-US" : "en-US", style);
}

// Visits: in the visit's zone.

/** "Mon, Dec 7, 2026 at 9:00 AM" as the clock reads where care happens; `withZone` adds " CST". */
export function formatVisitDateTime(
  instant: Instant,
  timeZone: string,
  options: { withZone?: boolean; locale?: DateLocale } = {},
): string {
  const locale = options.locale ?? "en";
  const text = formatInZone(instant, timeZone, PATTERNS[locale].visit, locale);
  return options.withZone ? `${text} ${zoneAbbreviation(instant, timeZone)}` : text;
}

/** "Mon, Dec 7 at 9:00 AM" (no year), for emails about an upcoming visit; `withZone` adds " CST". */
export function formatVisitShort(
  instant: Instant,
  timeZone: string,
  options: { withZone?: boolean; locale?: DateLocale } = {},
): string {
  const locale = options.locale ?? "en";
  const text = formatInZone(instant, timeZone, PATTERNS[locale].visitShort, locale);
  return options.withZone ? `${text} ${zoneAbbreviation(instant, timeZone)}` : text;
}

/** "9:00 AM" ("9:00 a. m.") of an instant, on the clock of `timeZone`. */
export function timeOfDayIn(instant: Instant, timeZone: string, locale: DateLocale = "en"): string {
  return formatTimeOfDay(formatInZone(instant, timeZone, "HH:mm"), locale);
}

// A time with its day. A time of day alone ("9:00 PM") is read as today's, so
// any other day is named (docs/product-rules.md, "Times on screen"): "today at
// 9:00 PM", "tomorrow at 9:00 PM", "Sat, Dec 5 at 9:00 PM", with the year
// when it is not this year's. Today and tomorrow are the days of the clock the
// time is read on (where care happens), not the reader's.

const DAY_PHRASES = {
  en: {
    today: "'today at' h:mm a",
    tomorrow: "'tomorrow at' h:mm a",
    thisYear: "EEE, MMM d 'at' h:mm a",
    otherYear: "EEE, MMM d, yyyy 'at' h:mm a",
  },
  // "a la 1:00", "a las 9:00": the article agrees with the hour; "el" before a weekday.
  es: {
    today: "'hoy a las' h:mm aaaa",
    tomorrow: "'mañana a las' h:mm aaaa",
    thisYear: "'el' EEEE d 'de' MMMM 'a las' h:mm aaaa",
    otherYear: "'el' EEEE d 'de' MMMM 'de' yyyy 'a las' h:mm aaaa",
  },
} as const satisfies Record<DateLocale, Record<string, string>>;

/**
 * "today at 9:00 PM", "tomorrow at 9:00 PM", "Sat, Dec 5 at 9:00 PM" ("hoy a
 * las 9:00 p. m.", "mañana a la 1:00 p. m.", "el sábado 5 de diciembre a las
 * 9:00 p. m.") on the clock of `timeZone`, the day counted from `now` there;
 * `withZone` adds " CST". For a sentence: "Check-in opens {{when}}".
 */
export function formatTimeWithDay(
  instant: Instant,
  timeZone: string,
  { now, locale = "en", withZone = false }: { now: Instant; locale?: DateLocale; withZone?: boolean },
): string {
  const day = localDateIn(timeZone, instant);
  const today = localDateIn(timeZone, now);
  const tomorrow = formatInZone(addDays(new TZDate(toDate(now).getTime(), timeZone), 1), timeZone, "yyyy-MM-dd");
  const phrases = DAY_PHRASES[locale];
  const pattern =
    day === today
      ? phrases.today
      : day === tomorrow
        ? phrases.tomorrow
        : day.slice(0, 4) === today.slice(0, 4)
          ? phrases.thisYear
          : phrases.otherYear;
  let text = formatInZone(instant, timeZone, pattern, locale);
  if (locale === "es" && formatInZone(instant, timeZone, "h") === "1") text = text.replace(/\ba las 1:/, "a la 1:");
  return withZone ? `${text} ${zoneAbbreviation(instant, timeZone)}` : text;
}

/** "Monday, December 7, 2026" / "lunes 7 de diciembre de 2026": an instant's day on the clock of `timeZone`. */
export function formatDayIn(instant: Instant, timeZone: string, locale: DateLocale = "en"): string {
  return formatInZone(instant, timeZone, CALENDAR_STYLES[locale].weekdayLongDate, locale);
}

/** A visit's start and end on the clock where care happens, for "{{start}} to {{end}}" (the home screens). */
export function visitTimes(
  visit: { startsAt: Instant; endsAt: Instant; timeZone: string },
  locale: DateLocale = "en",
): { start: string; end: string } {
  return {
    start: timeOfDayIn(visit.startsAt, visit.timeZone, locale),
    end: timeOfDayIn(visit.endsAt, visit.timeZone, locale),
  };
}

// Everything else: in the viewer's zone, named.

/**
 * "Mon, Dec 7, 2026 at 9:00 AM CST": a time that is not a visit (an offer's
 * deadline, an order's history) on a family's or caregiver's page, on the
 * clock of the care they are looking at, with the zone's abbreviation.
 */
export function formatDateTimeInZone(instant: Instant, timeZone: string, locale: DateLocale = "en"): string {
  return formatVisitDateTime(instant, timeZone, { withZone: true, locale });
}

/** "Nov 25, 2026" in the viewer's zone. */
export function formatDate(instant: Instant, timeZone: string = VIEWER_TIME_ZONE, locale: DateLocale = "en"): string {
  return formatInZone(instant, timeZone, PATTERNS[locale].date, locale);
}

/** "Nov 25, 2026 at 7:14 PM UTC" in the viewer's zone, with its abbreviation. */
export function formatDateTime(
  instant: Instant,
  timeZone: string = VIEWER_TIME_ZONE,
  locale: DateLocale = "en",
): string {
  return `${formatInZone(instant, timeZone, PATTERNS[locale].dateTime, locale)} ${zoneAbbreviation(instant, timeZone)}`;
}

/** "Nov 25, 2026, 7:14:03 PM UTC": a full timestamp (logs, the dev mailbox). */
export function formatTimestamp(
  instant: Instant,
  timeZone: string = VIEWER_TIME_ZONE,
  locale: DateLocale = "en",
): string {
  return `${formatInZone(instant, timeZone, PATTERNS[locale].timestamp, locale)} ${zoneAbbreviation(instant, timeZone)}`;
}

// In words, through Intl, where a pattern of ours would add nothing: in the
// zone asked for (UTC unless the caller knows where the thing happens).

// Calendar dates and times of day (a schedule's "2026-12-07" and "09:00")
// belong to no zone: they read the same everywhere.

/** "Mon, Dec 7, 2026" / "lunes 7 de diciembre de 2026" from YYYY-MM-DD, or in another `style`. */
export function formatCalendarDate(isoDate: string, style?: CalendarStyle, locale: DateLocale = "en"): string {
  return formatIn(parseISO(isoDate), style ? CALENDAR_STYLES[locale][style] : PATTERNS[locale].calendarDate, locale);
}

/** "9:00 AM" / "9:00 a. m." from HH:mm. */
export function formatTimeOfDay(time: string, locale: DateLocale = "en"): string {
  return formatIn(parseISO(`2000-01-01T${time}`), PATTERNS[locale].timeOfDay, locale);
}
