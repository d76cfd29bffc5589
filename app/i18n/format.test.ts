import { describe, expect, test } from "vitest";
import { formatNumber } from "./format";

describe("formatting per language", () => {
  test("numbers", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(1234.5, "es")).toBe("1,234.5");
    expect(formatNumber(0.25, "es", { style: "percent" })).toMatch(/^25\s?%$/);
  });
});
