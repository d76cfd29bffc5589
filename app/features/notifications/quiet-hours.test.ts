import { describe, expect, test } from "vitest";
import { isQuietAt, minutesToTime, quietHoursEnd, timeToMinutes, type QuietHours } from "./quiet-hours";

const overnight: QuietHours = { startMinutes: 22 * 60, endMinutes: 7 * 60, timeZone: "America/Chicago" };
const afternoon: QuietHours = { startMinutes: 13 * 60, endMinutes: 15 * 60 + 30, timeZone: "Europe/Madrid" };

describe("quiet hours", () => {
  test("times and minutes convert both ways", () => {
    expect(timeToMinutes("22:05")).toBe(1325);
    expect(minutesToTime(1325)).toBe("22:05");
    expect(minutesToTime(0)).toBe("00:00");
  });

  test("a span across midnight holds before and after midnight, on the person's clock", () => {
    // 23:30 and 06:59 in Chicago (CST, UTC-6) are quiet; 07:00 and 12:00 are not.
    expect(isQuietAt(overnight, new Date("2026-01-15T05:30:00Z"))).toBe(true);
    expect(isQuietAt(overnight, new Date("2026-01-15T12:59:00Z"))).toBe(true);
    expect(isQuietAt(overnight, new Date("2026-01-15T13:00:00Z"))).toBe(false);
    expect(isQuietAt(overnight, new Date("2026-01-15T18:00:00Z"))).toBe(false);
    expect(isQuietAt(null, new Date("2026-01-15T05:30:00Z"))).toBe(false);
  });

  test("the end is the next time the clock reads the end time", () => {
    // 23:30 CST on the 14th: quiet until 07:00 CST on the 15th.
    expect(quietHoursEnd(overnight, new Date("2026-01-15T05:30:00Z"))?.toISOString()).toBe("2026-01-15T13:00:00.000Z");
    // 02:00 CST on the 15th: the same end, later that morning.
    expect(quietHoursEnd(overnight, new Date("2026-01-15T08:00:00Z"))?.toISOString()).toBe("2026-01-15T13:00:00.000Z");
    // Outside quiet hours there is nothing to wait for.
    expect(quietHoursEnd(overnight, new Date("2026-01-15T18:00:00Z"))).toBeNull();
  });

  test("a span within one day, in summer time", () => {
    // 14:00 CEST (UTC+2) in Madrid: quiet until 15:30 CEST.
    expect(quietHoursEnd(afternoon, new Date("2026-07-01T12:00:00Z"))?.toISOString()).toBe("2026-07-01T13:30:00.000Z");
    expect(isQuietAt(afternoon, new Date("2026-07-01T13:30:00Z"))).toBe(false);
  });

  test("across a change to summer time the end is still 07:00 on the clock", () => {
    // Chicago moves to CDT (UTC-5) on 8 March 2026 at 02:00.
    expect(quietHoursEnd(overnight, new Date("2026-03-08T05:00:00Z"))?.toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });
});
