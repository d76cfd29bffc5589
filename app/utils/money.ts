// Money, one way everywhere (docs/product-rules.md, "Billing and pay"): amounts
// are integer cents from the quote to the payout; this module rounds and writes
// them for machines (a spreadsheet cell, a form's amount, Stripe). People read
// money through formatMoney (app/i18n/format.ts), in their language.

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
