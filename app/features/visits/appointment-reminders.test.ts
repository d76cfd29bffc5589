import { describe, expect, test } from "vitest";
import { dueReminder, isBookedDayAhead, type ReminderVisit } from "./appointment-reminders";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = new Date("2026-06-01T14:00:00Z");
/** `now` this long before the visit's start. */
const before = (ms: number) => new Date(START.getTime() - ms);

function visit(overrides: Partial<ReminderVisit> = {}): ReminderVisit {
  return {
    status: "scheduled",
    startsAt: START,
    createdAt: before(14 * 24 * HOUR),
    remindedDayBeforeAt: null,
    remindedHourBeforeAt: null,
    ...overrides,
  };
}

describe("the day-before reminder", () => {
  test("is due from 24 hours before the start while the visit is more than an hour away", () => {
    expect(dueReminder(visit(), before(24 * HOUR + MINUTE))).toBeNull();
    expect(dueReminder(visit(), before(24 * HOUR))).toBe("day_before");
    expect(dueReminder(visit(), before(3 * HOUR))).toBe("day_before");
    expect(dueReminder(visit(), before(HOUR + MINUTE))).toBe("day_before");
  });

  test("goes once", () => {
    expect(dueReminder(visit({ remindedDayBeforeAt: before(24 * HOUR) }), before(23 * HOUR))).toBeNull();
  });

  test("is skipped for a visit booked less than 24 hours ahead: no reminder right after the confirmation", () => {
    const lateBooking = visit({ createdAt: before(5 * HOUR) });
    expect(isBookedDayAhead(lateBooking)).toBe(false);
    expect(dueReminder(lateBooking, before(4 * HOUR))).toBeNull();
    expect(isBookedDayAhead(visit({ createdAt: before(24 * HOUR + MINUTE) }))).toBe(true);
    expect(isBookedDayAhead(visit({ createdAt: before(24 * HOUR) }))).toBe(false);
  });
});

describe("the hour-before reminder", () => {
  test("is due from an hour before the start until it starts, once, and then replaces the day-before one", () => {
    expect(dueReminder(visit(), before(HOUR))).toBe("hour_before");
    expect(dueReminder(visit(), before(MINUTE))).toBe("hour_before");
    expect(dueReminder(visit(), START)).toBeNull();
    expect(dueReminder(visit({ remindedHourBeforeAt: before(HOUR) }), before(30 * MINUTE))).toBeNull();
  });

  test("still goes for a visit booked within the hour", () => {
    expect(dueReminder(visit({ createdAt: before(20 * MINUTE) }), before(15 * MINUTE))).toBe("hour_before");
  });
});

describe("only scheduled visits are reminded", () => {
  test.each(["cancelled", "checked_in", "completed", "missed"] as const)("%s: none", (status) => {
    expect(dueReminder(visit({ status }), before(12 * HOUR))).toBeNull();
    expect(dueReminder(visit({ status }), before(30 * MINUTE))).toBeNull();
  });
});
