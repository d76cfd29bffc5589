import { describe, expect, test } from "vitest";
import { scheduleDayOf, scheduleRange } from "./schedule-range";

const CHICAGO = "America/Chicago";
// Wednesday 2 December 2026, 23:30 in Chicago (05:30 UTC on Thursday).
const NOW = new Date("2026-12-03T05:30:00Z");

describe("schedule ranges", () => {
  test("the agenda runs 14 days from today in the caregiver's zone", () => {
    const range = scheduleRange(new URLSearchParams(), CHICAGO, NOW);
    expect(range.view).toBe("agenda");
    expect(range.days[0]).toBe("2026-12-02");
    expect(range.days).toHaveLength(14);
    expect(range.from.toISOString()).toBe("2026-12-02T06:00:00.000Z");
    expect(range.to.toISOString()).toBe("2026-12-16T06:00:00.000Z");
  });

  test("a week runs Monday to Sunday, from any day of it, with its neighbours", () => {
    const range = scheduleRange(new URLSearchParams("view=week&week=2026-12-10"), CHICAGO, NOW);
    expect(range.days).toEqual([
      "2026-12-07",
      "2026-12-08",
      "2026-12-09",
      "2026-12-10",
      "2026-12-11",
      "2026-12-12",
      "2026-12-13",
    ]);
    expect(range.weekStart).toBe("2026-12-07");
    expect(range.previousWeek).toBe("2026-11-30");
    expect(range.nextWeek).toBe("2026-12-14");
    expect(range.from.toISOString()).toBe("2026-12-07T06:00:00.000Z");
  });

  test("a week without a date, or with a bad one, is this week", () => {
    for (const search of ["view=week", "view=week&week=nonsense"]) {
      expect(scheduleRange(new URLSearchParams(search), CHICAGO, NOW).weekStart).toBe("2026-11-30");
    }
  });

  test("a week across the change to summer time still starts at local midnight", () => {
    const range = scheduleRange(new URLSearchParams("view=week&week=2027-03-15"), CHICAGO, NOW);
    expect(range.from.toISOString()).toBe("2027-03-15T05:00:00.000Z");
    const across = scheduleRange(new URLSearchParams("view=week&week=2027-03-10"), CHICAGO, NOW);
    expect(across.to.toISOString()).toBe("2027-03-15T05:00:00.000Z");
  });
});

describe("the day a visit is listed under", () => {
  test("its start day, or the range's first day for one that began before the range", () => {
    const range = scheduleRange(new URLSearchParams(), CHICAGO, NOW);
    expect(scheduleDayOf("2026-12-05", range)).toBe("2026-12-05");
    expect(scheduleDayOf("2026-12-02", range)).toBe("2026-12-02");
    // Began at 23:25 yesterday and still under way (or late) after midnight: listed under today.
    expect(scheduleDayOf("2026-12-01", range)).toBe("2026-12-02");
    const week = scheduleRange(new URLSearchParams("view=week&week=2026-12-10"), CHICAGO, NOW);
    expect(scheduleDayOf("2026-12-06", week)).toBe("2026-12-07");
  });
});
