import ICAL from "ical.js";
import { describe, expect, test } from "vitest";
import { calendarIcs, firstNameOf, visitUid, type FeedVisit } from "./calendar-ics";
import { vtimezone } from "./vtimezone";

const words = {
  calendarName: "Tendly visits",
  summary: (visit: FeedVisit) => `${visit.services} · ${visit.firstName}`,
  description: (visit: FeedVisit, link: string) => `Order ${visit.orderNumber}. ${link}`,
};

const visit = (overrides: Partial<FeedVisit>): FeedVisit => ({
  visitId: "11111111-1111-4111-8111-111111111111",
  orderId: "22222222-2222-4222-8222-222222222222",
  orderNumber: "TN-2026-000042",
  // 9:00 to 13:00 in Chicago (CST, UTC-6).
  startsAt: new Date("2026-12-07T15:00:00Z"),
  endsAt: new Date("2026-12-07T19:00:00Z"),
  timeZone: "America/Chicago",
  status: "scheduled",
  services: "Personal care",
  firstName: "Rosa",
  area: "Chicago, IL 60614",
  ...overrides,
});

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

describe("the calendar feed's text", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const summer = visit({
    visitId: "33333333-3333-4333-8333-333333333333",
    // 8:30 to 10:00 in Denver in July (MDT, UTC-6).
    startsAt: new Date("2027-07-05T14:30:00Z"),
    endsAt: new Date("2027-07-05T16:00:00Z"),
    timeZone: "America/Denver",
    services: "Companionship",
    firstName: "Ana",
    area: "Denver, CO 80202",
  });
  const ics = calendarIcs({ visits: [visit({}), summer], appUrl: "https://tendly.test", words, now });

  test("each visit is an event at its own time, in its own zone, with a stable UID", () => {
    const events = parse(ics);
    expect(events.map((event) => event.uid)).toEqual([visitUid(visit({}).visitId), visitUid(summer.visitId)]);
    const [first, second] = events;
    expect(first!.startDate.zone?.tzid).toBe("America/Chicago");
    expect(first!.startDate.toString()).toBe("2026-12-07T09:00:00");
    expect(first!.startDate.toJSDate().toISOString()).toBe("2026-12-07T15:00:00.000Z");
    expect(first!.endDate.toJSDate().toISOString()).toBe("2026-12-07T19:00:00.000Z");
    expect(second!.startDate.zone?.tzid).toBe("America/Denver");
    expect(second!.startDate.toString()).toBe("2027-07-05T08:30:00");
    expect(second!.startDate.toJSDate().toISOString()).toBe("2027-07-05T14:30:00.000Z");
  });

  test("it says the service, the first name and the area, and links to the order", () => {
    const [first] = parse(ics);
    expect(first!.summary).toBe("Personal care · Rosa");
    expect(first!.location).toBe("Chicago, IL 60614");
    expect(first!.description).toContain("https://tendly.test/caregiver/orders/22222222-2222-4222-8222-222222222222");
    expect(ics).toContain("X-WR-CALNAME:Tendly visits");
    expect(ics).toMatch(/DTSTAMP:20261126T120000Z/);
  });

  test("the first name only", () => {
    expect(firstNameOf("  Rosa María Diaz ")).toBe("Rosa");
  });
});

describe("VTIMEZONE blocks", () => {
  test("a US zone gets its daylight and standard rules", () => {
    const block = vtimezone("America/New_York", 2026)!;
    expect(block).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(block).toContain("TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400");
    expect(block).toContain("BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
  });

  test("a zone without daylight time has one standard offset", () => {
    const block = vtimezone("America/Phoenix", 2026)!;
    expect(block).toContain("TZOFFSETFROM:-0700\r\nTZOFFSETTO:-0700");
    expect(block).not.toContain("DAYLIGHT");
  });

  test("an unknown zone has none", () => {
    expect(vtimezone("Not/AZone", 2026)).toBeNull();
  });

  test("a European last-Sunday rule", () => {
    expect(vtimezone("Europe/Berlin", 2026)).toContain("BYMONTH=3;BYDAY=-1SU");
  });
});
