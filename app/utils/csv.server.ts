import { stringify } from "csv-stringify/sync";
import { csvSafe } from "./csv";

/** A CSV file a spreadsheet opens as UTF-8 (a byte-order mark, CRLF lines), every cell made safe. */
export function csvDocument(
  header: readonly string[],
  records: readonly (string | number | null | undefined)[][],
): string {
  return `\uFEFF${stringify([[...header], ...records.map((record) => record.map(csvSafe))], { record_delimiter: "\r\n" })}`;
}
