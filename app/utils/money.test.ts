import { describe, expect, test } from "vitest";
import { centsToDecimal, formatMoney, roundCents } from "./money";

describe("money", () => {
  test("cents round to a whole cent without float noise", () => {
    expect(roundCents(0.145 * 100)).toBe(15);
    expect(roundCents(1234.4999)).toBe(1234);
    expect(roundCents(1234.4999999)).toBe(1235);
    expect(roundCents(-2.5)).toBe(-2);
  });

  test("cents are written as a plain decimal", () => {
    expect(centsToDecimal(12345)).toBe("123.45");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-250)).toBe("-2.50");
    expect(centsToDecimal(0)).toBe("0.00");
  });

  test("money for people, from cents, in US dollars in both languages", () => {
    // Intl writes some spaces as U+202F or U+00A0.
    expect(formatMoney(123450, "en")).toBe("$1,234.50");
    expect(formatMoney(123450, "es").replace(/[\u202f\u00a0]/g, " ")).toBe("$1,234.50");
    expect(formatMoney(99, "en")).toBe("$0.99");
    expect(formatMoney(-2500, "en")).toBe("-$25.00");
  });
});
