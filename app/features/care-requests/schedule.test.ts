import { describe, expect, test } from "vitest";
import { EMPTY_WEEK, type Schedule, type WeeklySchedule } from "./care-request.schema";
import {
  describeSchedule,
  firstOccurrence,
  horizonOccurrences,
  occurrences,
  scheduleStartProblem,
  weeklyWindows,
} from "./schedule";

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
      "Weekly: Mon 9:00 AM–1:00 PM, Thu 2:00 PM–5:30 PM (Tue, Dec 1, 2026 to Sun, Dec 20, 2026)",
    );
    expect(
      describeSchedule({ scheduleType: "one-time", startDate: "2026-12-05", startTime: "10:00", endTime: "14:00" }),
    ).toBe("Sat, Dec 5, 2026, 10:00 AM–2:00 PM");
  });
});

// Monday, Dec 7, 2026 at 10:30 in Chicago (CST, UTC-6).
const clock = { timeZone: "America/Chicago", now: new Date("2026-12-07T16:30:00Z") };
const oneTime = (startDate: string, startTime: string): Schedule => ({
  scheduleType: "one-time",
  startDate,
  startTime,
  endTime: "23:00",
});
const weekly = (weeklySchedule: Partial<WeeklySchedule>): Schedule => ({
  scheduleType: "recurring",
  startDate: "2026-12-07",
  endDate: "2027-01-31",
  weeklySchedule: { ...EMPTY_WEEK, ...weeklySchedule },
});
const tenOClockIn = (timeZone: string) => scheduleStartProblem(oneTime("2026-12-07", "10:00"), { ...clock, timeZone });

describe("a schedule whose start has passed where care happens", () => {
  test("a one-time visit earlier today, or starting this minute, is refused on its start time", () => {
    const refused = { field: "startTime", message: "validation:request.startTimeInPast" };
    expect(scheduleStartProblem(oneTime("2026-12-07", "09:00"), clock)).toEqual(refused);
    expect(scheduleStartProblem(oneTime("2026-12-07", "10:30"), clock)).toEqual(refused);
    expect(scheduleStartProblem(oneTime("2026-12-07", "10:31"), clock)).toBeNull();
    expect(scheduleStartProblem(oneTime("2026-12-08", "06:00"), clock)).toBeNull();
  });

  test("the clock is the place of care's, not the browser's or the server's", () => {
    expect(tenOClockIn("America/New_York")).not.toBeNull(); // 11:30 there
    expect(tenOClockIn("America/Denver")).toBeNull(); // 09:30 there
    expect(tenOClockIn("America/Los_Angeles")).toBeNull(); // 08:30 there
  });

  test("a date that is already yesterday there is refused on its date", () => {
    // 01:30 on Tuesday in Chicago: Monday is past there, though still today further west.
    const earlyTuesday = { ...clock, now: new Date("2026-12-08T07:30:00Z") };
    expect(scheduleStartProblem(oneTime("2026-12-07", "20:00"), earlyTuesday)).toEqual({
      field: "startDate",
      message: "validation:request.dateInPast",
    });
  });

  test("weekly care is refused when its first visit has started, whatever the order the windows were added in", () => {
    const refused = { field: "startDate", message: "validation:request.firstVisitInPast" };
    expect(scheduleStartProblem(weekly({ 0: [{ start: "09:00", end: "12:00" }] }), clock)).toEqual(refused);
    expect(
      scheduleStartProblem(
        weekly({
          0: [
            { start: "13:00", end: "16:00" },
            { start: "08:00", end: "10:00" },
          ],
        }),
        clock,
      ),
    ).toEqual(refused);
    expect(scheduleStartProblem(weekly({ 0: [{ start: "11:00", end: "14:00" }] }), clock)).toBeNull();
    // Starting today with Wednesdays only: the first visit is the day after tomorrow.
    expect(scheduleStartProblem(weekly({ 2: [{ start: "08:00", end: "10:00" }] }), clock)).toBeNull();
    expect(firstOccurrence(weekly({ 2: [{ start: "08:00", end: "10:00" }] }))).toEqual({
      date: "2026-12-09",
      start: "08:00",
      end: "10:00",
    });
  });

  test("a schedule not complete enough to tell is left to the schema", () => {
    expect(scheduleStartProblem(oneTime("", "09:00"), clock)).toBeNull();
    expect(scheduleStartProblem(oneTime("2026-12-07", ""), clock)).toBeNull();
    expect(scheduleStartProblem(weekly({}), clock)).toBeNull();
  });
});
