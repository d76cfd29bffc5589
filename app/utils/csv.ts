import { stringify } from "csv-stringify/sync";

/**
 * A CSV cell a spreadsheet will not run as a formula (OWASP "CSV injection"):
 * text starting with =, +, -, @, a tab or a carriage return gets a leading
 * apostrophe. Numbers are ours (coordinates, distances) and stay numbers.
 */
export function csvSafe(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV file a spreadsheet opens as UTF-8 (a byte-order mark, CRLF lines), every cell made safe. */
export function csvDocument(
  header: readonly string[],
  records: readonly (string | number | null | undefined)[][],
): string {
  return `\uFEFF${stringify([[...header], ...records.map((record) => record.map(csvSafe))], { record_delimiter: "\r\n" })}`;
}
