import { afterEach, describe, expect, test } from "vitest";
import {
  VIEWER_TIME_ZONE,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDateTimeInZone,
  formatTimeOfDay,
  formatTimeWithDay,
  formatDayIn,
  timeOfDayIn,
  formatTimestamp,
  formatVisitDateTime,
  formatVisitShort,
  visitTimes,
  localDateIn,
  zoneAbbreviation,
  scheduleZoneLabelFor,
  zoneLabelFor,
  zoneLongName,
  zonedInstant,
  zonesDiffer,
} from "./datetime";
import { formatClockTime, formatLongDate, formatMonthYear, spanishDayPeriods } from "./intl-dates";

const NEW_YORK = "America/New_York";
// Intl writes some spaces as U+202F or U+00A0; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");
const HOUR = 60 * 60 * 1000;
const WEEK = 7 * 24 * HOUR;

describe("visits, in the visit's zone, across DST changes", () => {
  test("09:00 on the Sunday DST starts (March 8, 2026) is 13:00 UTC and reads 9:00 AM EDT", () => {
    const visit = zonedInstant("2026-03-08", "09:00", NEW_YORK);
    expect(visit.toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(formatVisitDateTime(visit, NEW_YORK)).toBe("Sun, Mar 8, 2026 at 9:00 AM");
    expect(formatVisitDateTime(visit, NEW_YORK, { withZone: true })).toBe("Sun, Mar 8, 2026 at 9:00 AM EDT");
    // The day before, still on standard time.
    const before = zonedInstant("2026-03-07", "09:00", NEW_YORK);
    expect(before.toISOString()).toBe("2026-03-07T14:00:00.000Z");
    expect(formatVisitDateTime(before, NEW_YORK, { withZone: true })).toBe("Sat, Mar 7, 2026 at 9:00 AM EST");
  });

  test("09:00 on the Sunday DST ends (November 1, 2026) is 14:00 UTC and reads 9:00 AM EST", () => {
    const visit = zonedInstant("2026-11-01", "09:00", NEW_YORK);
    expect(visit.toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(formatVisitDateTime(visit, NEW_YORK, { withZone: true })).toBe("Sun, Nov 1, 2026 at 9:00 AM EST");
    const before = zonedInstant("2026-10-31", "09:00", NEW_YORK);
    expect(before.toISOString()).toBe("2026-10-31T13:00:00.000Z");
  });

  test("a weekly Sunday 09:00 visit keeps 09:00 local across both changes (the instants move, the clock does not)", () => {
    const spring = ["2026-03-01", "2026-03-08", "2026-03-15"].map((date) => zonedInstant(date, "09:00", NEW_YORK));
    expect(spring.map((visit) => formatVisitShort(visit, NEW_YORK, { withZone: true }))).toEqual([
      "Sun, Mar 1 at 9:00 AM EST",
      "Sun, Mar 8 at 9:00 AM EDT",
      "Sun, Mar 15 at 9:00 AM EDT",
    ]);
    // The week with the change is an hour shorter, the next one a full week.
    expect(spring[1]!.getTime() - spring[0]!.getTime()).toBe(WEEK - HOUR);
    expect(spring[2]!.getTime() - spring[1]!.getTime()).toBe(WEEK);

    const autumn = ["2026-10-25", "2026-11-01", "2026-11-08"].map((date) => zonedInstant(date, "09:00", NEW_YORK));
    expect(autumn.map((visit) => formatVisitShort(visit, NEW_YORK))).toEqual([
      "Sun, Oct 25 at 9:00 AM",
      "Sun, Nov 1 at 9:00 AM",
      "Sun, Nov 8 at 9:00 AM",
    ]);
    expect(autumn[1]!.getTime() - autumn[0]!.getTime()).toBe(WEEK + HOUR);
  });

  test("the same instant reads differently where care happens: El Paso (Mountain) and Houston (Central)", () => {
    const elPaso = zonedInstant("2026-12-07", "09:00", "America/Denver");
    expect(elPaso.toISOString()).toBe("2026-12-07T16:00:00.000Z");
    expect(formatVisitDateTime(elPaso, "America/Denver", { withZone: true })).toBe("Mon, Dec 7, 2026 at 9:00 AM MST");
    expect(formatVisitDateTime(elPaso, "America/Chicago", { withZone: true })).toBe("Mon, Dec 7, 2026 at 10:00 AM CST");
  });

  test("the local date where care happens, for 'today' in scheduling", () => {
    // 03:00 UTC on Dec 8 is still Dec 7 in Chicago.
    const instant = new Date("2026-12-08T03:00:00Z");
    expect(localDateIn("America/Chicago", instant)).toBe("2026-12-07");
    expect(localDateIn("UTC", instant)).toBe("2026-12-08");
  });
});

describe("everything else, in the viewer's stated zone", () => {
  test("UTC by default, with its abbreviation on times", () => {
    expect(VIEWER_TIME_ZONE).toBe("UTC");
    const instant = new Date("2026-11-26T02:14:00Z");
    expect(formatDateTime(instant)).toBe("Nov 26, 2026 at 2:14 AM UTC");
    expect(formatDate(instant)).toBe("Nov 26, 2026");
    expect(formatDate(instant, "America/Chicago")).toBe("Nov 25, 2026");
    expect(formatDateTime(instant, "America/Chicago")).toBe("Nov 25, 2026 at 8:14 PM CST");
    expect(formatTimestamp("2026-11-25T19:14:03.000Z")).toBe("Nov 25, 2026, 7:14:03 PM UTC");
  });

  test("a deadline on a family's or caregiver's page names the care zone", () => {
    expect(formatDateTimeInZone(new Date("2026-07-01T15:30:00Z"), "America/Los_Angeles")).toBe(
      "Wed, Jul 1, 2026 at 8:30 AM PDT",
    );
    expect(zoneAbbreviation(new Date("2026-07-01T15:30:00Z"), "America/Phoenix")).toBe("MST");
  });

  test("calendar dates and times of day belong to no zone", () => {
    expect(formatCalendarDate("2026-12-07")).toBe("Mon, Dec 7, 2026");
    expect(formatCalendarDate("2026-12-07", "date")).toBe("Dec 7, 2026");
    expect(formatTimeOfDay("09:00")).toBe("9:00 AM");
    expect(formatTimeOfDay("17:30")).toBe("5:30 PM");
  });
});

describe("in Spanish", () => {
  test("visits, dates and times read in Spanish, in the same zones: day before month, the weekday in full, a. m. and p. m.", () => {
    const visit = zonedInstant("2026-12-07", "09:00", NEW_YORK);
    expect(formatVisitDateTime(visit, NEW_YORK, { locale: "es" })).toBe("lunes 7 de diciembre de 2026, 9:00 a. m.");
    expect(formatVisitDateTime(visit, NEW_YORK, { locale: "es", withZone: true })).toBe(
      "lunes 7 de diciembre de 2026, 9:00 a. m. EST",
    );
    expect(formatDate(new Date("2026-11-26T02:14:00Z"), "UTC", "es")).toBe("26 nov 2026");
    expect(formatDateTime(new Date("2026-11-26T02:14:00Z"), "UTC", "es")).toBe("26 nov 2026, 2:14 a. m. UTC");
    expect(formatCalendarDate("2026-12-07", undefined, "es")).toBe("lunes 7 de diciembre de 2026");
    expect(formatTimeOfDay("17:30", "es")).toBe("5:30 p. m.");
  });

  test("each calendar style orders the day and the month as the language does", () => {
    expect(formatCalendarDate("2026-11-30", "monthDay", "en")).toBe("Nov 30");
    expect(formatCalendarDate("2026-11-30", "monthDay", "es")).toBe("30 nov");
    expect(formatCalendarDate("2026-12-01", "weekdayMonthDay", "es")).toBe("martes 1 de diciembre");
    expect(formatCalendarDate("2026-12-01", "date", "es")).toBe("1 dic 2026");
    expect(formatCalendarDate("2026-12-01", "longDate", "es")).toBe("1 de diciembre de 2026");
    expect(formatCalendarDate("2026-12-01", "weekdayLongDate", "en")).toBe("Tuesday, December 1st, 2026");
  });

  test("a zone is named as people here say it, never by its IANA id", () => {
    const winter = new Date("2026-12-01T18:00:00Z");
    expect(zoneLongName(winter, "America/Chicago", "es", "longGeneric")).toBe("hora del Centro");
    expect(zoneLongName(winter, "America/New_York", "es", "longGeneric")).toBe("hora del Este");
    expect(zoneLongName(winter, "America/Phoenix", "es", "longGeneric")).toBe("hora de la Montaña");
    expect(zoneLongName(winter, "America/Los_Angeles", "es", "longGeneric")).toBe("hora del Pacífico");
    expect(zoneLongName(winter, "America/Chicago", "en", "longGeneric")).toBe("Central Time");
  });

  test("a. m. and p. m. as Spanish writes them, whatever the formatter gave", () => {
    expect(spanishDayPeriods("4:38 p.m.")).toBe("4:38 p. m.");
    expect(spanishDayPeriods("9:00 a. m.")).toBe("9:00 a. m.");
    expect(spanishDayPeriods("De 9:00 a.m. a 12:00 p.m.")).toBe("De 9:00 a. m. a 12:00 p. m.");
  });
});

describe("a visit's start and end on the care's clock", () => {
  test("the clock where care happens, in the reader's language", () => {
    const visit = { startsAt: "2026-12-07T15:00:00Z", endsAt: "2026-12-07T18:30:00Z", timeZone: "America/Chicago" };
    expect(visitTimes(visit, "en")).toEqual({ start: "9:00 AM", end: "12:30 PM" });
    expect(visitTimes(visit, "es")).toEqual({ start: "9:00 a. m.", end: "12:30 p. m." });
  });
});

describe("in words, through Intl", () => {
  const instant = new Date("2026-11-25T21:05:00Z");

  test("long dates, in the zone asked for, not the machine's", () => {
    expect(formatLongDate(instant, "en")).toBe("November 25, 2026");
    expect(formatLongDate(instant, "es")).toBe("25 de noviembre de 2026");
    expect(formatLongDate(instant, "en", { timeZone: "Asia/Tokyo" })).toBe("November 26, 2026");
    expect(formatLongDate(instant, "es", { timeZone: "Asia/Tokyo", style: "short" })).toMatch(/^26\/11\/(20)?26$/);
  });

  test("clock times", () => {
    expect(plain(formatClockTime(instant, "en"))).toBe("9:05 PM");
    expect(plain(formatClockTime(instant, "es", { timeZone: "America/Chicago" }))).toBe("3:05 p. m.");
  });

  test("a month and its year", () => {
    expect(formatMonthYear(instant, "en")).toBe("November 2026");
    expect(formatMonthYear("2026-12-01T03:00:00Z", "es")).toBe("diciembre de 2026");
  });
});

describe("the machine's own zone changes nothing", () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  test.each(["Asia/Tokyo", "America/Los_Angeles", "UTC"])("with TZ=%s", (zone) => {
    process.env.TZ = zone;
    const visit = zonedInstant("2026-03-08", "09:00", NEW_YORK);
    expect(visit.toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(formatVisitDateTime(visit, NEW_YORK)).toBe("Sun, Mar 8, 2026 at 9:00 AM");
    expect(formatDateTime(new Date("2026-11-26T02:14:00Z"))).toBe("Nov 26, 2026 at 2:14 AM UTC");
    expect(formatCalendarDate("2026-12-07")).toBe("Mon, Dec 7, 2026");
  });
});

describe("naming the visit's zone only when the viewer's clock reads differently", () => {
  const CHICAGO = "America/Chicago";
  const winter = zonedInstant("2026-12-07", "09:00", CHICAGO);
  const summer = zonedInstant("2026-07-06", "09:00", CHICAGO);

  test("a viewer in the visit's zone reads no label, winter and summer", () => {
    expect(zoneLabelFor(winter, CHICAGO, CHICAGO)).toBeNull();
    expect(zoneLabelFor(summer, CHICAGO, CHICAGO)).toBeNull();
  });

  test("a viewer in another zone reads the visit zone's short name, standard or daylight time", () => {
    expect(zoneLabelFor(winter, CHICAGO, NEW_YORK)).toBe("CST");
    expect(zoneLabelFor(summer, CHICAGO, NEW_YORK)).toBe("CDT");
    expect(zoneLabelFor(winter, NEW_YORK, "Europe/Madrid")).toBe("EST");
    expect(zoneLabelFor(summer, "America/Los_Angeles", CHICAGO)).toBe("PDT");
  });

  test("an unknown viewer's zone (the server's render, before hydration) names nothing", () => {
    expect(zoneLabelFor(winter, CHICAGO, null)).toBeNull();
  });

  test("two names for one clock need no label: Detroit and New York", () => {
    expect(zonesDiffer(winter, "America/Detroit", NEW_YORK)).toBe(false);
    expect(zoneLabelFor(summer, "America/Detroit", NEW_YORK)).toBeNull();
  });

  test("Phoenix keeps standard time: Denver's visits need a label in summer only", () => {
    const denverWinter = zonedInstant("2026-01-12", "09:00", "America/Denver");
    const denverSummer = zonedInstant("2026-07-13", "09:00", "America/Denver");
    expect(zoneLabelFor(denverWinter, "America/Denver", "America/Phoenix")).toBeNull();
    expect(zoneLabelFor(denverSummer, "America/Denver", "America/Phoenix")).toBe("MDT");
  });

  test("across a DST change the label follows the visit's own date, not the viewer's", () => {
    // A weekly Sunday 09:00 visit in Chicago, seen from New York the week DST starts (March 8, 2026).
    const before = zonedInstant("2026-03-01", "09:00", CHICAGO);
    const after = zonedInstant("2026-03-08", "09:00", CHICAGO);
    expect(formatVisitDateTime(before, CHICAGO)).toBe("Sun, Mar 1, 2026 at 9:00 AM");
    expect(formatVisitDateTime(after, CHICAGO)).toBe("Sun, Mar 8, 2026 at 9:00 AM");
    expect([zoneLabelFor(before, CHICAGO, NEW_YORK), zoneLabelFor(after, CHICAGO, NEW_YORK)]).toEqual(["CST", "CDT"]);
    // Seen from Arizona, which keeps MST all year, the offsets differ on both sides.
    expect([zoneLabelFor(before, CHICAGO, "America/Phoenix"), zoneLabelFor(after, CHICAGO, "America/Phoenix")]).toEqual(
      ["CST", "CDT"],
    );
  });

  test("a schedule over weeks is named generically, when any of its days reads differently", () => {
    const days = [zonedInstant("2026-02-06", "12:00", CHICAGO), zonedInstant("2026-05-29", "12:00", CHICAGO)];
    expect(scheduleZoneLabelFor(days, CHICAGO, NEW_YORK)).toBe("CT");
    expect(scheduleZoneLabelFor(days, CHICAGO, CHICAGO)).toBeNull();
    expect(scheduleZoneLabelFor(days, CHICAGO, null)).toBeNull();
    // Phoenix reads like Denver in February, not in May: the schedule is named.
    const denver = [
      zonedInstant("2026-02-06", "12:00", "America/Denver"),
      zonedInstant("2026-05-29", "12:00", "America/Denver"),
    ];
    expect(scheduleZoneLabelFor(denver, "America/Denver", "America/Phoenix")).toBe("MT");
    expect(scheduleZoneLabelFor(denver.slice(0, 1), "America/Denver", "America/Phoenix")).toBeNull();
  });

  test("the zone in words, in the reader's language", () => {
    expect(zoneLongName(winter, CHICAGO, "en", "longGeneric")).toBe("Central Time");
    expect(zoneLongName(winter, CHICAGO)).toBe("Central Standard Time");
    expect(zoneLongName(summer, CHICAGO, "es")).toBe("hora de verano central");
  });
});

const CHICAGO = "America/Chicago";
// Wed, Dec 2, 2026 at 2:46 PM in Chicago.
const NOW_IN_CHICAGO = new Date("2026-12-02T20:46:00Z");
const when = (iso: string, locale: "en" | "es" = "en") =>
  formatTimeWithDay(new Date(iso), CHICAGO, { now: NOW_IN_CHICAGO, locale, withZone: true });

describe("a time with its day", () => {
  const now = NOW_IN_CHICAGO;

  test("today, tomorrow, another day this year, another year", () => {
    expect(when("2026-12-02T23:30:00Z")).toBe("today at 5:30 PM CST");
    expect(when("2026-12-03T03:00:00Z")).toBe("today at 9:00 PM CST");
    expect(when("2026-12-03T15:00:00Z")).toBe("tomorrow at 9:00 AM CST");
    expect(when("2026-12-05T15:00:00Z")).toBe("Sat, Dec 5 at 9:00 AM CST");
    expect(when("2027-01-04T15:00:00Z")).toBe("Mon, Jan 4, 2027 at 9:00 AM CST");
    expect(when("2026-12-02T23:30:00Z", "es")).toBe("hoy a las 5:30 p. m. CST");
    expect(when("2026-12-03T19:00:00Z", "es")).toBe("mañana a la 1:00 p. m. CST");
    expect(when("2026-12-05T15:00:00Z", "es")).toBe("el sábado 5 de diciembre a las 9:00 a. m. CST");
  });

  test("the day is the one where the time is read, not the machine's", () => {
    // 11:30 PM in Chicago is already tomorrow in UTC: still today there.
    expect(formatTimeWithDay(new Date("2026-12-03T05:30:00Z"), CHICAGO, { now })).toBe("today at 11:30 PM");
    expect(formatTimeWithDay(new Date("2026-12-03T06:30:00Z"), CHICAGO, { now })).toBe("tomorrow at 12:30 AM");
  });
});

describe("one clock per language", () => {
  test("every time of day on the 12-hour clock, in both languages", () => {
    const evening = new Date("2026-12-02T23:30:00Z");
    for (const locale of ["en", "es"] as const) {
      for (const text of [
        formatDateTime(evening, "America/Chicago", locale),
        formatVisitDateTime(evening, "America/Chicago", { locale }),
        timeOfDayIn(evening, "America/Chicago", locale),
        formatTimeWithDay(evening, "America/Chicago", { now: evening, locale }),
      ]) {
        expect(text).toMatch(/\b5:30 (PM|p\. m\.)/);
        expect(text).not.toMatch(/\b17:30\b/);
      }
    }
    expect(formatDayIn(evening, "America/Chicago", "es")).toBe("miércoles 2 de diciembre de 2026");
  });
});
