import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl-formats";

describe("kept Intl formatters", () => {
  it("makes one formatter per locale and options, and another for any difference", () => {
    const central = dateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Chicago" });
    expect(dateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Chicago" })).toBe(central);
    expect(dateTimeFormat("es-US", { dateStyle: "long", timeZone: "America/Chicago" })).not.toBe(central);
    const eastern = dateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/New_York" });
    expect(eastern).not.toBe(central);
    // Half past midnight in New York is still the day before in Chicago.
    const instant = new Date("2026-12-08T05:30:00Z");
    expect(central.format(instant)).toBe("December 7, 2026");
    expect(eastern.format(instant)).toBe("December 8, 2026");
    expect(dateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(instant)).toBe("December 8, 2026");
  });

  it("keeps number formats apart by their options", () => {
    const dollars = numberFormat("en-US", { style: "currency", currency: "USD" });
    expect(numberFormat("en-US", { style: "currency", currency: "USD" })).toBe(dollars);
    expect(dollars.format(1234.5)).toBe("$1,234.50");
    expect(numberFormat("en-US").format(1234.5)).toBe("1,234.5");
  });
});
