// Money, one way everywhere (docs/product-rules.md, "Billing and pay"): amounts
// are integer cents from the quote to the payout; this module rounds and writes
// them for people (formatMoney, in their language) and for machines (a
// spreadsheet cell, a form's amount, Stripe).
import { numberFormat } from "./intl-formats";

/** The one currency Tendly bills and pays in (Stripe's lower-case code). */
export const CURRENCY = "usd";

/** Rounds a fractional amount of cents to a whole cent, immune to float noise (0.145 * 100 and the like). */
export function roundCents(value: number): number {
  return Math.round(Number(value.toFixed(6)));
}

/** Cents as a plain decimal, without float arithmetic: 12345 → "123.45" (a spreadsheet's cell, a form's amount). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The Intl locale of a language ("en", "es"; utils cannot import app/i18n): es-US writes dollars as US readers expect. */
const INTL_MONEY_LOCALES: Record<"en" | "es", string> = { en: "en-US", es: "es-US" };

/** Money from cents for people: "$1,234.50" in both languages. */
export function formatMoney(cents: number, locale: "en" | "es", currency = CURRENCY.toUpperCase()): string {
  return numberFormat(INTL_MONEY_LOCALES[locale], { style: "currency", currency }).format(cents / 100);
}

/** Whole dollars from cents, for a chart's axis: "$1,234" in both languages. */
export function formatWholeMoney(cents: number, locale: "en" | "es", currency = CURRENCY.toUpperCase()): string {
  return numberFormat(INTL_MONEY_LOCALES[locale], {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(Math.round(cents / 100));
}
