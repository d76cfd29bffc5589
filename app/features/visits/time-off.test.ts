import { describe, expect, test } from "vitest";
import { blockedRanges, daysOff, daysOfForm, multirangeText, timeOffProblem } from "./time-off";

// Time off's days and instants (docs/product-rules.md, "Time off").

const block = (
  startDate: string,
  endDate: string,
  kind: "range" | "weekly" = "range",
  weekday: number | null = null,
) => ({
  kind,
  startDate,
  endDate,
  weekday,
});

describe("time off days", () => {
  test("a weekly block covers its weekday only, until the last day", () => {
    // 2026-12-06 is a Sunday (6).
    expect(daysOff({ kind: "weekly", startDate: "2026-12-01", endDate: "2026-12-20", weekday: 6 })).toEqual([
      "2026-12-06",
      "2026-12-13",
      "2026-12-20",
    ]);
    expect(daysOfForm({ kind: "day", startDate: "2026-12-07", endDate: "2026-12-09", weekday: "3" })).toEqual({
      kind: "day",
      startDate: "2026-12-07",
      endDate: "2026-12-07",
      weekday: null,
    });
  });

  test("days run midnight to midnight in the caregiver's zone, one range for days in a row, across a clock change", () => {
    // Chicago leaves daylight time on 2026-11-01: that day is 25 hours long.
    const ranges = blockedRanges(
      { kind: "range", startDate: "2026-10-31", endDate: "2026-11-01", weekday: null },
      "America/Chicago",
    );
    expect(multirangeText(ranges)).toBe("{[2026-10-31T05:00:00.000Z,2026-11-02T06:00:00.000Z)}");
    const weekly = blockedRanges(
      { kind: "weekly", startDate: "2026-12-01", endDate: "2026-12-14", weekday: 6 },
      "Asia/Tokyo",
    );
    expect(multirangeText(weekly)).toBe(
      "{[2026-12-05T15:00:00.000Z,2026-12-06T15:00:00.000Z),[2026-12-12T15:00:00.000Z,2026-12-13T15:00:00.000Z)}",
    );
  });

  test("the rules: not in the past, the last day not before the first, at most a year, a weekday with days", () => {
    const today = "2026-12-05";
    expect(timeOffProblem(block("2026-12-05", "2026-12-05"), today)).toBeNull();
    expect(timeOffProblem(block("2026-12-04", "2026-12-06"), today)?.key).toBe("visits:timeOff.errors.past");
    expect(timeOffProblem(block("2026-12-08", "2026-12-07"), today)?.key).toBe("visits:timeOff.errors.order");
    expect(timeOffProblem(block("2026-12-06", "2027-12-07"), today)).toBeNull();
    expect(timeOffProblem(block("2026-12-06", "2027-12-08"), today)?.key).toBe("visits:timeOff.errors.tooLong");
    expect(timeOffProblem(block("2026-12-07", "2026-12-08", "weekly"), today)?.key).toBe(
      "visits:timeOff.errors.weekday",
    );
    expect(timeOffProblem(block("2026-12-07", "2026-12-08", "weekly", 6), today)?.key).toBe(
      "visits:timeOff.errors.noDays",
    );
  });
});
