import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";

// Money is integer cents everywhere and written by app/utils/money.ts only (docs/product-rules.md,
// "Billing and pay"): `formatMoney` for a reader, `centsToDecimal` for a form's value or a CSV cell. A module that
// divides cents by 100 or builds a currency formatter itself fails here.

const ALLOWED = ["app/utils/money.ts"];
const RAW_USES: readonly [string, RegExp][] = [
  ["cents divided by 100", /[Cc]ents\w*(\[[^\]]+\])?\s*\/\s*100\b/],
  ["a currency formatter", /style:\s*["']currency["']/],
];

test("no screen, email, PDF or CSV writes an amount of money itself", () => {
  const offenders = sourceFiles("app", /\.tsx?$/)
    .filter((file) => !ALLOWED.includes(file))
    .flatMap((file) => {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      return RAW_USES.filter(([, pattern]) => pattern.test(source)).map(([what]) => `${file}: ${what}`);
    });
  expect(offenders).toEqual([]);
});

test("the check catches a raw use", () => {
  const [, divided] = RAW_USES[0]!;
  expect(divided.test("(work.hourlyRateCents / 100).toFixed(2)")).toBe(true);
  expect(divided.test("(pricing.serviceRatesCents[id] / 100).toFixed(2)")).toBe(true);
  expect(divided.test("centsToDecimal(work.hourlyRateCents)")).toBe(false);
  const [, currency] = RAW_USES[1]!;
  expect(currency.test('new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })')).toBe(true);
});
