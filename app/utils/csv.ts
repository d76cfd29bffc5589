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
