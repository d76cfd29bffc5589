import { describe, expect, test } from "vitest";
import { arrivalTime, canSayOnMyWay, OnMyWaySchema } from "./on-my-way";

// The "On my way" rules (docs/product-rules.md, "On my way").

const start = new Date("2026-12-07T15:00:00Z"); // 9:00 AM in Chicago
const end = new Date("2026-12-07T19:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const visit = { status: "scheduled", startsAt: start, endsAt: end };

describe("canSayOnMyWay", () => {
  test("opens 3 hours before the start and closes at the end", () => {
    expect(canSayOnMyWay(visit, at(-181))).toBe(false);
    expect(canSayOnMyWay(visit, at(-180))).toBe(true);
    expect(canSayOnMyWay(visit, at(30))).toBe(true);
    expect(canSayOnMyWay(visit, end)).toBe(false);
  });

  test("only a scheduled visit: not once checked in, completed, missed or cancelled", () => {
    for (const status of ["checked_in", "completed", "missed", "cancelled"])
      expect(canSayOnMyWay({ ...visit, status }, at(-10))).toBe(false);
  });
});

describe("arrivalTime", () => {
  const now = at(-40); // 8:20 AM in Chicago
  test("an estimate is minutes from the press", () => {
    expect(arrivalTime({ by: "estimate", minutes: 30 }, "America/Chicago", now)).toEqual({ arrivesAt: at(-10) });
  });

  test("a typed time is today's on the visit's clock", () => {
    expect(arrivalTime({ by: "time", time: "09:05" }, "America/Chicago", now)).toEqual({ arrivesAt: at(5) });
    expect(arrivalTime({ by: "time", time: "10:05" }, "America/New_York", now)).toEqual({ arrivesAt: at(5) });
  });

  test("a time already past, or more than 3 hours away, is refused", () => {
    expect(arrivalTime({ by: "time", time: "08:00" }, "America/Chicago", now)).toEqual({ refusal: "past" });
    expect(arrivalTime({ by: "time", time: "08:20" }, "America/Chicago", now)).toEqual({ arrivesAt: now });
    expect(arrivalTime({ by: "time", time: "11:20" }, "America/Chicago", now)).toEqual({ arrivesAt: at(140) });
    expect(arrivalTime({ by: "time", time: "11:21" }, "America/Chicago", now)).toEqual({ refusal: "too-late" });
  });
});

describe("OnMyWaySchema", () => {
  test("takes the offered estimates and a time of day, nothing else", () => {
    expect(OnMyWaySchema.safeParse({ by: "estimate", minutes: "20" }).success).toBe(true);
    expect(OnMyWaySchema.safeParse({ by: "estimate", minutes: "25" }).success).toBe(false);
    expect(OnMyWaySchema.safeParse({ by: "time", time: "09:20" }).success).toBe(true);
    expect(OnMyWaySchema.safeParse({ by: "time", time: "9:20 AM" }).success).toBe(false);
    expect(OnMyWaySchema.safeParse({ by: "time", time: "" }).success).toBe(false);
    expect(OnMyWaySchema.safeParse({ by: "gps", latitude: 1 }).success).toBe(false);
  });
});
