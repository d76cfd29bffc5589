import { stringify } from "csv-stringify/sync";
import { EARNINGS_CSV_COLUMNS, earningsCsvRecords, type EarningLine } from "./earnings";

// The earnings CSV's text (csv-stringify needs Node's Buffer, so it stays on the server; the
// records are the pure earnings.ts's).

/** A header of stable column names, then one row per visit, CRLF line ends, a byte-order mark. */
export function earningsCsv(lines: readonly EarningLine[]): string {
  // A byte-order mark so that spreadsheets read the names' accents as UTF-8.
  return `\uFEFF${stringify([[...EARNINGS_CSV_COLUMNS], ...earningsCsvRecords(lines)], { record_delimiter: "\r\n" })}`;
}
