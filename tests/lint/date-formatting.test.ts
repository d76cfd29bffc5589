import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";

// One clock per language on every screen (docs/product-rules.md, "Times on
// screen"): dates and times are written by app/utils/datetime.ts and its Intl-only part app/utils/intl-dates.ts only, so that
// English reads "4:46 PM" and Spanish "4:46 p. m." everywhere. A screen that
// formats a date itself (Intl, toLocale*String, hour12, date-fns' locale time
// "p", which is 24-hour in Spanish, or a 24-hour "HH:mm" shown to a person)
// fails here.

/**
 * The formatter itself (datetime.ts, and intl-dates.ts for what public pages write without date-fns), the weekday names of app/i18n/labels.ts (a word, not a date), and the cache of Intl
 * formatters both take theirs from (app/utils/intl-formats.ts), which writes nothing itself.
 */
const ALLOWED = ["app/utils/datetime.ts", "app/utils/intl-dates.ts", "app/i18n/labels.ts", "app/utils/intl-formats.ts"];
const RAW_USES: readonly [string, RegExp][] = [
  // Reading the browser's zone (`Intl.DateTimeFormat().resolvedOptions()`) writes no date.
  ["Intl.DateTimeFormat", /new Intl\.DateTimeFormat\((?![^)]*\)\.resolvedOptions)/],
  ["a kept Intl.DateTimeFormat", /\bdateTimeFormat\(/],
  ["toLocale*String of a date", /\.toLocale(Date|Time)String\(|\bDate\([^)]*\)\.toLocaleString\(/],
  ["hour12", /\bhour12\b/],
  ["date-fns' locale time (24-hour in Spanish)", /formatInZone\([^;]*?,\s*"[^"]*\bp{1,4}\b[^"]*"/],
];

test("no screen or message formats a date or time itself", () => {
  const offenders = sourceFiles("app", /\.tsx?$/)
    .filter((file) => !ALLOWED.includes(file))
    .flatMap((file) => {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      return RAW_USES.filter(([, pattern]) => pattern.test(source)).map(([what]) => `${file}: ${what}`);
    });
  expect(offenders).toEqual([]);
});

test("a 24-hour time on a page is a value, or worded by formatTimeOfDay", () => {
  const offenders = sourceFiles("app", /\.tsx$/).flatMap((file) =>
    readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .filter((line) => /formatInZone\(.*"HH:mm"\)/.test(line) && !line.includes("formatTimeOfDay("))
      .map((line) => `${file}: ${line.trim()}`),
  );
  expect(offenders).toEqual([]);
});

test("the check catches a raw use", () => {
  const [, intl] = RAW_USES[0]!;
  expect(intl.test('new Intl.DateTimeFormat("en-US", { timeStyle: "short" })')).toBe(true);
  expect(intl.test("Intl.DateTimeFormat().resolvedOptions().timeZone")).toBe(false);
  const [, kept] = RAW_USES[1]!;
  expect(kept.test('dateTimeFormat("es-US", { dateStyle: "long" }).format(at)')).toBe(true);
  const [, spanishTime] = RAW_USES[4]!;
  expect(spanishTime.test('formatInZone(at, zone, "p", locale)')).toBe(true);
  expect(spanishTime.test('formatInZone(at, zone, "EEE d, p", locale)')).toBe(true);
  expect(spanishTime.test('formatInZone(at, zone, "h:mm a", locale)')).toBe(false);
});
