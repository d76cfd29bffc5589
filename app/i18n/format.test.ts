import { describe, expect, test } from "vitest";
import { formatDate, formatMoney, formatNumber, formatTime } from "./format";

// Intl writes some spaces as U+202F or U+00A0; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");
const instant = new Date("2026-11-25T21:05:00Z");

describe("formatting per language", () => {
  test("dates", () => {
    expect(formatDate(instant, "en")).toBe("November 25, 2026");
    expect(formatDate(instant, "es")).toBe("25 de noviembre de 2026");
  });

  test("dates in the zone asked for, not the machine's", () => {
    expect(formatDate(instant, "en", { timeZone: "Asia/Tokyo" })).toBe("November 26, 2026");
    expect(formatDate(instant, "es", { timeZone: "Asia/Tokyo", style: "short" })).toMatch(/^26\/11\/(20)?26$/);
  });

  test("times", () => {
    expect(plain(formatTime(instant, "en"))).toBe("9:05 PM");
    expect(plain(formatTime(instant, "es", { timeZone: "America/Chicago" }))).toBe("3:05 p. m.");
  });

  test("numbers", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(1234.5, "es")).toBe("1,234.5");
    expect(formatNumber(0.25, "es", { style: "percent" })).toMatch(/^25\s?%$/);
  });

  test("money from cents, in US dollars", () => {
    expect(formatMoney(123450, "en")).toBe("$1,234.50");
    expect(plain(formatMoney(123450, "es"))).toBe("$1,234.50");
    expect(formatMoney(99, "en")).toBe("$0.99");
  });
});
