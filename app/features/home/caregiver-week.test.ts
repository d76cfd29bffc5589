import { describe, expect, test } from "vitest";
import { expectedVisitPayCents, isThisWeek, summarizeWeek, weekIn, type WeekVisit } from "./caregiver-week";

const CHICAGO = "America/Chicago";
const LA = "America/Los_Angeles";

// Two visits a week: Monday 09:00-13:00 ($100) and Saturday 09:00-13:00 ($150, weekend); the caregiver's share $150.
const weekly: WeekVisit["quote"] = {
  scheduleType: "recurring",
  caregiverPayCents: 15_000,
  visitsPerPeriod: 2,
  visits: [
    { day: "Monday", start: "09:00", end: "13:00", scheduledMinutes: 240, billedMinutes: 240, amountCents: 10_000 },
    { day: "Saturday", start: "09:00", end: "13:00", scheduledMinutes: 240, billedMinutes: 240, amountCents: 15_000 },
  ],
};

const visit = (startsAt: string, hours: number, overrides: Partial<WeekVisit> = {}): WeekVisit => ({
  startsAt: new Date(startsAt),
  endsAt: new Date(new Date(startsAt).getTime() + hours * 3_600_000),
  status: "scheduled",
  timeZone: CHICAGO,
  quote: weekly,
  ...overrides,
});

describe("the caregiver's week", () => {
  // Thursday Nov 26, 2026, 10:00 in Chicago (16:00 UTC).
  const now = new Date("2026-11-26T16:00:00Z");

  test("runs Monday to Sunday on the clock where care happens", () => {
    expect(weekIn(CHICAGO, now)).toEqual({ monday: "2026-11-23", sunday: "2026-11-29" });
    // Sunday 23:30 in Chicago is already Monday in UTC: still this week there.
    expect(isThisWeek(visit("2026-11-30T05:30:00Z", 1), now)).toBe(true);
    // Monday 00:30 in Chicago is next week.
    expect(isThisWeek(visit("2026-11-30T06:30:00Z", 1), now)).toBe(false);
    // The Monday before, 08:00 Chicago time: this week, although days ago.
    expect(isThisWeek(visit("2026-11-23T14:00:00Z", 4), now)).toBe(true);
    // Sunday 22:00 in Los Angeles is Monday 06:00 UTC: this week in LA.
    expect(isThisWeek(visit("2026-11-30T06:00:00Z", 1, { timeZone: LA }), now)).toBe(true);
  });

  test("a visit's expected pay is the quote's share for it: weekend visits are worth more", () => {
    // Monday Nov 23, 09:00 Chicago = 15:00 UTC.
    expect(expectedVisitPayCents(visit("2026-11-23T15:00:00Z", 4))).toBe(6_000);
    // Saturday Nov 28, 09:00 Chicago.
    expect(expectedVisitPayCents(visit("2026-11-28T15:00:00Z", 4))).toBe(9_000);
    // A visit the quote does not list (moved to Wednesday): the pay per scheduled minute, for its own length.
    expect(expectedVisitPayCents(visit("2026-11-25T15:00:00Z", 4))).toBe(7_500);
    expect(expectedVisitPayCents(visit("2026-11-25T15:00:00Z", 2))).toBe(3_750);
    const oneTime: WeekVisit["quote"] = {
      scheduleType: "one-time",
      caregiverPayCents: 4_200,
      visitsPerPeriod: 1,
      visits: [
        {
          day: "2026-11-27",
          start: "14:00",
          end: "17:00",
          scheduledMinutes: 180,
          billedMinutes: 180,
          amountCents: 6_000,
        },
      ],
    };
    expect(expectedVisitPayCents(visit("2026-11-27T20:00:00Z", 3, { quote: oneTime }))).toBe(4_200);
  });

  test("sums this week's scheduled, started and completed visits; missed, cancelled and next week's do not count", () => {
    const summary = summarizeWeek(
      [
        visit("2026-11-23T15:00:00Z", 4, { status: "completed" }),
        visit("2026-11-28T15:00:00Z", 4),
        visit("2026-11-25T15:00:00Z", 2, { status: "missed" }),
        visit("2026-11-24T15:00:00Z", 2, { status: "cancelled" }),
        visit("2026-11-30T15:00:00Z", 4),
      ],
      now,
    );
    expect(summary).toEqual({ visitCount: 2, minutes: 480, expectedPayCents: 15_000 });
    expect(summarizeWeek([], now)).toEqual({ visitCount: 0, minutes: 0, expectedPayCents: 0 });
  });
});
