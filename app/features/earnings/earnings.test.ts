import { describe, expect, test } from "vitest";
import {
  chartWeeks,
  clientShortName,
  earningsTotals,
  groupByWeek,
  hoursOf,
  mondayOf,
  type EarningLine,
} from "./earnings";
import { earningsCsv } from "./earnings-csv.server";

/** The CSV's rows (the test's cells hold no commas or quotes). */
const parse = (text: string) =>
  text
    .trimEnd()
    .split("\r\n")
    .map((row) => row.split(","));

let next = 0;
function line(workedOn: string, changes: Partial<EarningLine> = {}): EarningLine {
  next += 1;
  return {
    id: `e${String(next).padStart(3, "0")}`,
    visitId: `v${next}`,
    workedOn,
    clientName: "Maria G.",
    minutes: 240,
    payRateCents: 2000,
    amountCents: 8000,
    status: "pending",
    paidOn: null,
    ...changes,
  };
}

describe("weeks", () => {
  test("a week runs Monday to Sunday by the date worked on", () => {
    // 2026-11-23 is a Monday, 2026-11-29 its Sunday.
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    // Across a year's end.
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });

  test("lines group into their weeks, newest week first, with hours and totals", () => {
    const sunday = line("2026-11-29", { minutes: 90, amountCents: 3000 });
    const monday = line("2026-11-23", { minutes: 240, amountCents: 8000 });
    const nextMonday = line("2026-11-30", { minutes: 60, amountCents: 2001 });
    const weeks = groupByWeek([monday, nextMonday, sunday]);
    expect(weeks.map((week) => [week.monday, week.sunday])).toEqual([
      ["2026-11-30", "2026-12-06"],
      ["2026-11-23", "2026-11-29"],
    ]);
    expect(weeks[1]).toMatchObject({ minutes: 330, totalCents: 11_000 });
    expect(weeks[1]!.lines.map((each) => each.workedOn)).toEqual(["2026-11-29", "2026-11-23"]);
    expect(weeks[0]).toMatchObject({ minutes: 60, totalCents: 2001 });
    expect(groupByWeek([])).toEqual([]);
  });

  test("the chart has the last twelve weeks, oldest first, empty weeks at zero, older ones left out", () => {
    const lines = [
      line("2026-11-26", { amountCents: 5000, minutes: 120 }),
      line("2026-11-24", { amountCents: 1000, minutes: 30 }),
      line("2026-09-07", { amountCents: 700 }), // 12th week back: the first bar
      line("2026-08-31", { amountCents: 999 }), // 13th week back: not shown
    ];
    const weeks = chartWeeks(lines, "2026-11-27");
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ monday: "2026-09-07", totalCents: 700, minutes: 240 });
    expect(weeks[11]).toEqual({ monday: "2026-11-23", totalCents: 6000, minutes: 150 });
    expect(weeks.slice(1, 11).every((week) => week.totalCents === 0)).toBe(true);
    expect(weeks.reduce((sum, week) => sum + week.totalCents, 0)).toBe(6700);
  });
});

describe("totals", () => {
  test("unpaid counts pending and in-payout; paid counts by the month and year it was paid", () => {
    const lines = [
      line("2026-11-20", { amountCents: 1111 }),
      line("2026-11-21", { amountCents: 2222, status: "in_payout" }),
      line("2026-11-02", { amountCents: 3333, status: "paid", paidOn: "2026-11-10" }),
      line("2026-10-20", { amountCents: 4444, status: "paid", paidOn: "2026-10-30" }),
      line("2025-12-29", { amountCents: 5555, status: "paid", paidOn: "2025-12-31" }),
    ];
    expect(earningsTotals(lines, "2026-11-27")).toEqual({
      unpaidCents: 3333,
      inPayoutCents: 2222,
      paidThisMonthCents: 3333,
      paidThisYearCents: 7777,
    });
    expect(earningsTotals([], "2026-11-27")).toEqual({
      unpaidCents: 0,
      inPayoutCents: 0,
      paidThisMonthCents: 0,
      paidThisYearCents: 0,
    });
  });

  test("hours and names", () => {
    expect(hoursOf(90)).toBe(1.5);
    expect(hoursOf(20)).toBe(0.33);
    expect(hoursOf(240)).toBe(4);
    expect(clientShortName("Maria  Gonzalez ")).toBe("Maria G.");
    expect(clientShortName("Ana María de la Torre")).toBe("Ana T.");
    expect(clientShortName("Cher")).toBe("Cher");
  });
});

describe("the CSV", () => {
  test("a header, then one row per visit oldest first, amounts in dollars, a byte-order mark", () => {
    const text = earningsCsv([
      line("2026-11-26", { clientName: "José R.", minutes: 150, payRateCents: 2150, amountCents: 5375 }),
      line("2026-11-02", { status: "paid", paidOn: "2026-11-10" }),
    ]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    const rows = parse(text.slice(1)) as string[][];
    expect(rows[0]).toEqual([
      "worked_on",
      "week_of",
      "client",
      "minutes",
      "hours",
      "pay_rate_usd_per_hour",
      "amount_usd",
      "status",
      "paid_on",
    ]);
    expect(rows[1]).toEqual([
      "2026-11-02",
      "2026-11-02",
      "Maria G.",
      "240",
      "4",
      "20.00",
      "80.00",
      "paid",
      "2026-11-10",
    ]);
    expect(rows[2]).toEqual(["2026-11-26", "2026-11-23", "José R.", "150", "2.5", "21.50", "53.75", "pending", ""]);
    expect(rows).toHaveLength(3);
  });

  test("a name that a spreadsheet would run as a formula is made plain text", () => {
    const rows = parse(earningsCsv([line("2026-11-26", { clientName: "=HYPERLINK(1) X." })]).slice(1)) as string[][];
    expect(rows[1]![2]).toBe("'=HYPERLINK(1) X.");
  });
});
