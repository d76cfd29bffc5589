import { describe, expect, it } from "vitest";
import { lastUpdatedAt, SHOWN_AS_KEPT_AFTER_MS, showsLastUpdated } from "./last-updated";

describe("showsLastUpdated", () => {
  const fetchedAt = new Date("2026-12-04T21:12:00Z");
  it("always says it with no connection, even for data just read", () => {
    expect(showsLastUpdated({ fetchedAt, now: fetchedAt, isOnline: false })).toBe(true);
  });
  it("online, only once the data is older than the bound", () => {
    const justBefore = new Date(fetchedAt.getTime() + SHOWN_AS_KEPT_AFTER_MS - 1);
    const atBound = new Date(fetchedAt.getTime() + SHOWN_AS_KEPT_AFTER_MS);
    expect(showsLastUpdated({ fetchedAt, now: justBefore, isOnline: true })).toBe(false);
    expect(showsLastUpdated({ fetchedAt, now: atBound, isOnline: true })).toBe(true);
  });
});

describe("lastUpdatedAt", () => {
  const fetchedAt = new Date("2026-12-04T21:12:00Z"); // 3:12 PM in Chicago
  it("gives the time alone when read today on the reader's clock", () => {
    const now = new Date("2026-12-05T02:00:00Z"); // 8:00 PM the same day in Chicago, already Dec 5 in UTC
    expect(lastUpdatedAt(fetchedAt, now, "America/Chicago", "en")).toEqual({
      isToday: true,
      date: "Dec 4",
      time: "3:12 PM",
    });
    expect(lastUpdatedAt(fetchedAt, now, "UTC", "en").isToday).toBe(false);
  });
  it("gives the date when read on an earlier day, in each language", () => {
    const now = new Date("2026-12-05T15:00:00Z");
    expect(lastUpdatedAt(fetchedAt, now, "America/Chicago", "en")).toEqual({
      isToday: false,
      date: "Dec 4",
      time: "3:12 PM",
    });
    expect(lastUpdatedAt(fetchedAt, now, "America/Chicago", "es")).toEqual({
      isToday: false,
      date: "4 dic",
      time: "3:12 p. m.",
    });
  });
  it("adds the year when the data is from another year", () => {
    const now = new Date("2027-01-02T15:00:00Z");
    expect(lastUpdatedAt(fetchedAt, now, "America/Chicago", "en").date).toBe("Dec 4, 2026");
  });
});
