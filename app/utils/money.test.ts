import { describe, expect, test } from "vitest";
import { centsToDecimal, roundCents } from "./money";

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
});
