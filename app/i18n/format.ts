import { numberFormat } from "~/utils/intl-formats";
import { INTL_LOCALES, type Locale } from "./config";

// Numbers in the active language, through Intl. Dates and times are
// app/utils/datetime.ts's, money app/utils/money.ts's.

/** "1,234.5" / "1,234.5" (es-US groups like en-US: the audience reads US-style numbers). */
export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(INTL_LOCALES[locale], options).format(value);
}
