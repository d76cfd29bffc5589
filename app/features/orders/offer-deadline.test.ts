import { describe, expect, test } from "vitest";
import { firstVisitStartAfter, offerDeadline } from "./offer-deadline";
import type { Schedule } from "~/features/care-requests/public";

const at = (iso: string) => new Date(iso);
const hours = (n: number) => n * 60 * 60 * 1000;

describe("an offer's deadline", () => {
  const now = at("2026-12-02T20:46:00Z");

  test("a day to answer when the care starts later than that", () => {
    const deadline = offerDeadline({ now, firstVisitStartsAt: at("2026-12-05T15:00:00Z") });
    expect(deadline.getTime() - now.getTime()).toBe(hours(24));
  });

  test("due an hour before a visit that starts within the day", () => {
    // A same-day 5:30 PM visit (CST): never "Answer by 4:46 PM" of the next day.
    const start = at("2026-12-02T23:30:00Z");
    expect(offerDeadline({ now, firstVisitStartsAt: start })).toEqual(at("2026-12-02T22:30:00Z"));
  });

  test("a visit too soon for the margin still gets fifteen minutes, never past its start", () => {
    expect(offerDeadline({ now, firstVisitStartsAt: at("2026-12-02T21:30:00Z") })).toEqual(at("2026-12-02T21:01:00Z"));
    expect(offerDeadline({ now, firstVisitStartsAt: at("2026-12-02T20:52:00Z") })).toEqual(at("2026-12-02T20:52:00Z"));
  });

  test("never after the start, whatever the start", () => {
    for (let minutes = 1; minutes < 48 * 60; minutes += 7) {
      const start = new Date(now.getTime() + minutes * 60_000);
      const deadline = offerDeadline({ now, firstVisitStartsAt: start });
      expect(deadline.getTime()).toBeLessThanOrEqual(start.getTime());
      expect(deadline.getTime()).toBeGreaterThan(now.getTime());
    }
  });

  test("a day when no visit is left to come", () => {
    expect(offerDeadline({ now, firstVisitStartsAt: null }).getTime() - now.getTime()).toBe(hours(24));
  });
});

describe("the first visit still to come", () => {
  const weekly = {
    scheduleType: "recurring",
    startDate: "2026-12-01",
    endDate: "2027-01-31",
    // Wednesday (2): a morning and an evening window, listed evening first.
    weeklySchedule: {
      "2": [
        { start: "17:30", end: "19:30" },
        { start: "08:00", end: "10:00" },
      ],
    },
  } as unknown as Schedule;

  test("the earliest start after now, where care happens", () => {
    // Wed, Dec 2, 2026 at 2:46 PM in Chicago: the morning visit is over, the evening one is next.
    expect(firstVisitStartAfter(weekly, "America/Chicago", at("2026-12-02T20:46:00Z"))).toEqual(
      at("2026-12-02T23:30:00Z"),
    );
    // Before the morning window: the morning visit.
    expect(firstVisitStartAfter(weekly, "America/Chicago", at("2026-12-02T12:00:00Z"))).toEqual(
      at("2026-12-02T14:00:00Z"),
    );
  });

  test("none for a one-time visit already started", () => {
    const once = {
      scheduleType: "one-time",
      startDate: "2026-12-02",
      startTime: "09:00",
      endTime: "11:00",
    } as Schedule;
    expect(firstVisitStartAfter(once, "America/Chicago", at("2026-12-02T20:46:00Z"))).toBeNull();
  });
});
