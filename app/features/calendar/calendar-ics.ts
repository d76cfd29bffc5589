import { TZDate } from "@date-fns/tz";
import ical, { ICalEventStatus } from "ical-generator";
import { vtimezone } from "./vtimezone";

// The caregiver's calendar feed as iCalendar text (docs/product-rules.md,
// "Visits"). Pure: the server module loads the visits and passes the words.
// The feed's address is a secret that can leak (shared, synced to another
// account), so it says no more than a lock screen may: the services, the
// first name of the person cared for and the area (city, state, ZIP), never
// the street address or any health detail. The order page behind the link,
// which asks for a sign-in, has the rest.

export type FeedVisit = {
  visitId: string;
  orderId: string;
  orderNumber: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  status: "scheduled" | "checked_in" | "completed" | "missed" | "cancelled";
  /** The services, already in the caregiver's words. */
  services: string;
  /** The first name of the person cared for. */
  firstName: string;
  /** "Chicago, IL 60614". */
  area: string;
};

export type FeedWords = {
  calendarName: string;
  summary: (visit: FeedVisit) => string;
  description: (visit: FeedVisit, link: string) => string;
};

/** A visit's UID: the same in every refresh of the feed, so calendar apps update the event in place. */
export const visitUid = (visitId: string) => `visit-${visitId}@tendly`;

/** "Rosa" from "Rosa Diaz". */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

export function calendarIcs({
  visits,
  appUrl,
  words,
  now = new Date(),
}: {
  visits: readonly FeedVisit[];
  appUrl: string;
  words: FeedWords;
  now?: Date;
}): string {
  // Rules from a year before the earliest visit, so each visit's date is covered.
  const firstYear = Math.min(now.getUTCFullYear(), ...visits.map((visit) => visit.startsAt.getUTCFullYear())) - 1;
  const zoneBlocks = new Map<string, string | null>();
  const blockFor = (timeZone: string) => {
    if (!zoneBlocks.has(timeZone)) zoneBlocks.set(timeZone, vtimezone(timeZone, firstYear));
    return zoneBlocks.get(timeZone) ?? null;
  };
  const calendar = ical({
    name: words.calendarName,
    prodId: { company: "Tendly", product: "Visits", language: "EN" },
    // Phones refresh a subscribed feed about this often (REFRESH-INTERVAL).
    ttl: 60 * 60,
    // No calendar-wide zone (its name would make DTSTAMP local time): each
    // event carries its own, and this writes one VTIMEZONE per zone used.
    timezone: { name: "", generator: (timeZone: string) => blockFor(timeZone) },
  });
  for (const visit of visits) {
    const link = `${appUrl}/caregiver/orders/${visit.orderId}`;
    const inZone = blockFor(visit.timeZone) !== null;
    calendar.createEvent({
      id: visitUid(visit.visitId),
      stamp: now,
      start: inZone ? new TZDate(visit.startsAt.getTime(), visit.timeZone) : visit.startsAt,
      end: inZone ? new TZDate(visit.endsAt.getTime(), visit.timeZone) : visit.endsAt,
      timezone: inZone ? visit.timeZone : null,
      summary: words.summary(visit),
      description: words.description(visit, link),
      location: visit.area,
      url: link,
      status: visit.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
