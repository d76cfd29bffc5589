import { dateTimeFormat } from "./intl-formats";

// Dates and times written with Intl alone, without date-fns: what the chrome around every page needs, kept
// apart from utils/datetime.ts so that a public page does not load date-fns (docs/decisions/0041-what-a-page-carries.md).

export type Instant = Date | string | number;

/** The languages dates are written in (utils/datetime.ts says how each writes them). */
export type DateLocale = "en" | "es";

/** Spanish writes the day's halves "a. m." and "p. m." (date-fns and Intl write "a.m."). */
export function spanishDayPeriods(text: string): string {
  return text.replace(/\b([ap])\.\s?m\./g, "$1. m.");
}

export function toDate(instant: Instant): Date {
  return instant instanceof Date ? instant : new Date(instant);
}

/** The Intl locale of a date language ("en-US", "es-US": the audience reads US-style dates and numbers). */
const INTL_DATE_LOCALES: Record<DateLocale, string> = { en: "en-US", es: "es-US" };

/** "November 25, 2026" / "25 de noviembre de 2026" (or Intl's other date styles). */
export function formatLongDate(
  instant: Instant,
  locale: DateLocale,
  { timeZone = "UTC", style = "long" }: { timeZone?: string; style?: "short" | "medium" | "long" | "full" } = {},
): string {
  return dateTimeFormat(INTL_DATE_LOCALES[locale], { dateStyle: style, timeZone }).format(toDate(instant));
}

/** "9:05 PM" / "9:05 p. m." */
export function formatClockTime(instant: Instant, locale: DateLocale, { timeZone = "UTC" } = {}): string {
  const text = dateTimeFormat(INTL_DATE_LOCALES[locale], { timeStyle: "short", timeZone }).format(toDate(instant));
  return locale === "es" ? spanishDayPeriods(text) : text;
}

/** "November 2026" / "noviembre de 2026": a month is the same in any zone for this (UTC). */
export function formatMonthYear(instant: Instant, locale: DateLocale): string {
  return dateTimeFormat(INTL_DATE_LOCALES[locale], { month: "long", year: "numeric", timeZone: "UTC" }).format(
    toDate(instant),
  );
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone !== "";
  } catch {
    return false;
  }
}
