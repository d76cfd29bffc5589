import { spanishDayPeriods } from "~/utils/datetime";
import { INTL_LOCALES, type Locale } from "./config";

// Dates, times, numbers and money in the active language, through Intl.
// Always with a named time zone (as app/utils/datetime.ts explains, the server
// and the browser must print the same text); UTC unless the caller knows the
// zone where the thing happens.

type Instant = Date | string | number;
const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/** "November 25, 2026" / "25 de noviembre de 2026". */
export function formatDate(
  instant: Instant,
  locale: Locale,
  { timeZone = "UTC", style = "long" }: { timeZone?: string; style?: "short" | "medium" | "long" | "full" } = {},
): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: style, timeZone }).format(toDate(instant));
}

/** "9:05 AM" / "9:05 a. m." */
export function formatTime(instant: Instant, locale: Locale, { timeZone = "UTC" }: { timeZone?: string } = {}): string {
  const text = new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeStyle: "short", timeZone }).format(toDate(instant));
  return locale === "es" ? spanishDayPeriods(text) : text;
}

/** "1,234.5" / "1,234.5" (es-US groups like en-US: the audience reads US-style numbers). */
export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(INTL_LOCALES[locale], options).format(value);
}

/** Money from cents: "$1,234.50" in both (es-US writes dollars as US readers expect). */
export function formatMoney(cents: number, locale: Locale, currency = "USD"): string {
  return new Intl.NumberFormat(INTL_LOCALES[locale], { style: "currency", currency }).format(cents / 100);
}
