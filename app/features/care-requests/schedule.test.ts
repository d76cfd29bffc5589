import { describe, expect, test } from "vitest";
import { EMPTY_WEEK, type Schedule } from "./care-request.schema";
import { describeSchedule, horizonOccurrences, occurrences, weeklyWindows } from "./schedule";

const recurring: Schedule = {
  scheduleType: "recurring",
  startDate: "2026-12-01", // a Tuesday
  endDate: "2026-12-20",
  weeklySchedule: { ...EMPTY_WEEK, 0: [{ start: "09:00", end: "13:00" }], 3: [{ start: "14:00", end: "17:30" }] },
};

describe("schedules", () => {
  test("a one-time schedule is one window on its weekday, and one visit on its date", () => {
    const schedule: Schedule = {
      scheduleType: "one-time",
      startDate: "2026-12-05",
      startTime: "10:00",
      endTime: "14:00",
    };
    expect(weeklyWindows(schedule)).toEqual([{ weekday: 5, startMinute: 600, endMinute: 840 }]);
    expect(horizonOccurrences(schedule, "2026-11-23")).toEqual([{ date: "2026-12-05", start: "10:00", end: "14:00" }]);
    expect(horizonOccurrences(schedule, "2026-12-06")).toEqual([]);
  });

  test("a recurring schedule gives its weekly windows and a visit per matching date between start and end", () => {
    expect(weeklyWindows(recurring)).toEqual([
      { weekday: 0, startMinute: 540, endMinute: 780 },
      { weekday: 3, startMinute: 840, endMinute: 1050 },
    ]);
    expect(occurrences(recurring, { from: "2026-11-01", until: "2027-01-01" }).map((visit) => visit.date)).toEqual([
      "2026-12-03",
      "2026-12-07",
      "2026-12-10",
      "2026-12-14",
      "2026-12-17",
    ]);
  });

  test("the horizon stops after eight weeks and starts today when the start date has passed", () => {
    const long: Schedule = { ...recurring, endDate: "2027-12-31" };
    const visits = horizonOccurrences(long, "2026-11-23");
    expect(visits).toHaveLength(16);
    expect(visits.at(-1)?.date).toBe("2027-01-25");
    expect(horizonOccurrences(long, "2027-01-01")[0]?.date).toBe("2027-01-04");
  });

  test("a schedule reads in one line", () => {
    expect(describeSchedule(recurring)).toBe(
      "Weekly: Mon 09:00–13:00, Thu 14:00–17:30 (Tue, Dec 1, 2026 to Sun, Dec 20, 2026)",
    );
    expect(
      describeSchedule({ scheduleType: "one-time", startDate: "2026-12-05", startTime: "10:00", endTime: "14:00" }),
    ).toBe("Sat, Dec 5, 2026, 10:00–14:00");
  });
});
