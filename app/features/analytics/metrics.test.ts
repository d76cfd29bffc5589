import { describe, expect, test } from "vitest";
import { AnalyticsQuerySchema, changeBetween, exportHref, metricRows, mondayOf } from "./metrics";

// The analytics' pure rules (docs/product-rules.md, "Analytics"): the URL's filters, the rows the table and
// the CSV share, and the home's week-against-week wording.

/** The message key of the first refusal of the filters, if any. */
const issue = (input: Record<string, string>) => AnalyticsQuerySchema.safeParse(input).error?.issues[0]?.message;

describe("the filters", () => {
  test("a range given is kept; without one, the last 12 weeks or months to the day given", () => {
    expect(AnalyticsQuerySchema.parse({ period: "week", from: "2026-01-05", to: "2026-02-01" })).toEqual({
      period: "week",
      metro: "",
      from: "2026-01-05",
      to: "2026-02-01",
    });
    expect(AnalyticsQuerySchema.parse({ to: "2026-12-03" })).toMatchObject({ period: "week", from: "2026-09-14" });
    expect(AnalyticsQuerySchema.parse({ period: "month", to: "2026-12-03" })).toMatchObject({ from: "2026-01-01" });
    expect(AnalyticsQuerySchema.parse({ period: "year", to: "2026-12-03" }).period).toBe("week");
  });

  test("a date that is not one, a range the wrong way round and one over two years are refused", () => {
    expect(issue({ from: "2026-02-30x", to: "2026-03-01" })).toBe("console:analytics.errors.date");
    expect(issue({ from: "2026-03-02", to: "2026-03-01" })).toBe("console:analytics.errors.order");
    expect(issue({ from: "2024-01-01", to: "2026-03-01" })).toBe("console:analytics.errors.tooLong");
    expect(issue({ from: "2024-03-01", to: "2026-03-01" })).toBeUndefined();
  });

  test("the CSV's address carries the page's filters", () => {
    const query = { period: "month" as const, metro: "Chicago, IL", from: "2026-01-01", to: "2026-06-30" };
    expect(exportHref("revenue", query)).toBe(
      "/admin/analytics/export.csv?metric=revenue&period=month&from=2026-01-01&to=2026-06-30&metro=Chicago%2C+IL",
    );
  });
});

test("weeks start on Monday", () => {
  expect(mondayOf("2026-12-06")).toBe("2026-11-30");
  expect(mondayOf("2026-11-30")).toBe("2026-11-30");
});

test("the table's and the CSV's rows: counts whole, hours to one decimal, dollars, shares in percent", () => {
  expect(metricRows("bookings", [{ period: "2026-01-05", value: 3 }])).toEqual([["2026-01-05", "3"]]);
  expect(metricRows("hours", [{ period: "2026-01-05", value: 9.04 }])).toEqual([["2026-01-05", "9.0"]]);
  expect(metricRows("revenue", [{ period: "2026-01-05", value: 19_550 }])).toEqual([["2026-01-05", "195.50"]]);
  expect(metricRows("fillRate", [{ period: "2026-01-05", value: 2 / 3, numerator: 2, denominator: 3 }])).toEqual([
    ["2026-01-05", "66.7", "2", "3"],
  ]);
  expect(metricRows("timeToMatch", [{ period: "2026-01-05", value: null, numerator: 0, denominator: 0 }])).toEqual([
    ["2026-01-05", "", "0"],
  ]);
});

test("a change in words: up, down or the same, with its share of last week's figure", () => {
  expect(changeBetween(3, 2)).toEqual({ direction: "up", difference: 1, percent: 50 });
  expect(changeBetween(10_000, 12_000)).toEqual({ direction: "down", difference: 2_000, percent: 17 });
  expect(changeBetween(4, 4)).toEqual({ direction: "same", difference: 0, percent: 0 });
  expect(changeBetween(4, 0)).toEqual({ direction: "up", difference: 4, percent: null });
});
