import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { caregiverProfiles, userProfiles } from "~/platform/db/schema";
import { buildCalendarFeed, getCalendarToken, resetCalendarToken } from "~/features/calendar/calendar-feed.server";
import { visitUid } from "~/features/calendar/calendar-ics";
import { useAuthTestSetup } from "./auth-env";
import { bookedVisit, hoursAgo, setVisit } from "./evv-helpers";

// The caregiver's private calendar feed (docs/product-rules.md, "Visits"):
// it parses with a standard calendar library, holds the caregiver's own visits
// at their times in the care's zone, and a reset ends the old address.

const setup = useAuthTestSetup();
const APP_URL = "https://tendly.test";

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

describe("the calendar feed", () => {
  test("holds the caregiver's visits that are not cancelled, from 30 days back, at their times where care happens", async () => {
    const booked = await bookedVisit(setup.db, { fullName: "Rosa Diaz" });
    const caregiver = { id: booked.caregiver.id, roles: ["caregiver" as const] };
    const token = await getCalendarToken({ actor: caregiver });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await getCalendarToken({ actor: caregiver })).toBe(token);

    const { ics } = await buildCalendarFeed({ token, appUrl: APP_URL });
    const events = parse(ics);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.uid).toBe(visitUid(booked.visitId));
    // The one-time request asked for 09:00 to 13:00 in Chicago.
    expect(event!.startDate.zone?.tzid).toBe("America/Chicago");
    expect(event!.startDate.toString()).toMatch(/T09:00:00$/);
    expect(event!.endDate.toString()).toMatch(/T13:00:00$/);
    const [visit] = await setup.db.query.visits.findMany({
      where: (visits, { eq: is }) => is(visits.id, booked.visitId),
    });
    expect(event!.startDate.toJSDate().getTime()).toBe(visit!.startsAt.getTime());
    expect(event!.endDate.toJSDate().getTime()).toBe(visit!.endsAt.getTime());
    // The services and the first name, the area: no street, no health details.
    expect(event!.summary).toBe("Personal Care · Rosa");
    expect(event!.location).toBe("Chicago, IL 60614");
    expect(event!.description).toContain(`${APP_URL}/caregiver/orders/${booked.orderId}`);
    expect(ics).not.toContain("Clark");
    expect(ics).not.toContain("Diaz");
    expect(ics.toLowerCase()).not.toContain("dementia");
  });

  test("leaves out cancelled visits and visits older than 30 days, and another caregiver's", async () => {
    const cancelled = await bookedVisit(setup.db);
    const old = await bookedVisit(setup.db);
    const other = await bookedVisit(setup.db);
    await setVisit(setup.db, cancelled.visitId, hoursAgo(-48), { status: "cancelled" });
    await setVisit(setup.db, old.visitId, hoursAgo(31 * 24), { status: "completed" });
    for (const booked of [cancelled, old]) {
      const token = await getCalendarToken({ actor: { id: booked.caregiver.id, roles: ["caregiver"] } });
      expect(parse((await buildCalendarFeed({ token, appUrl: APP_URL })).ics)).toEqual([]);
    }
    const token = await getCalendarToken({ actor: { id: other.caregiver.id, roles: ["caregiver"] } });
    const uids = parse((await buildCalendarFeed({ token, appUrl: APP_URL })).ics).map((event) => event.uid);
    expect(uids).toEqual([visitUid(other.visitId)]);
  });

  test("speaks the caregiver's language", async () => {
    const booked = await bookedVisit(setup.db, { fullName: "Ana López" });
    await setup.db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, booked.caregiver.id));
    const token = await getCalendarToken({ actor: { id: booked.caregiver.id, roles: ["caregiver"] } });
    const { ics } = await buildCalendarFeed({ token, appUrl: APP_URL });
    expect(ics).toContain("X-WR-CALNAME:Visitas de Tendly");
    expect(parse(ics)[0]!.description).toMatch(/^Pedido /);
  });

  test("a reset makes the old address unknown; unknown and malformed tokens are not found", async () => {
    const booked = await bookedVisit(setup.db);
    const caregiver = { id: booked.caregiver.id, roles: ["caregiver" as const] };
    const old = await getCalendarToken({ actor: caregiver });
    const fresh = await resetCalendarToken({ actor: caregiver });
    expect(fresh).not.toBe(old);
    expect(await getCalendarToken({ actor: caregiver })).toBe(fresh);
    await expect(buildCalendarFeed({ token: old, appUrl: APP_URL })).rejects.toMatchObject({ code: "not_found" });
    expect(parse((await buildCalendarFeed({ token: fresh, appUrl: APP_URL })).ics)).toHaveLength(1);
    await expect(buildCalendarFeed({ token: "A".repeat(43), appUrl: APP_URL })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(buildCalendarFeed({ token: "' or 1=1 --", appUrl: APP_URL })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  test("a suspended caregiver's feed is not found; only a caregiver has a token", async () => {
    const booked = await bookedVisit(setup.db);
    const token = await getCalendarToken({ actor: { id: booked.caregiver.id, roles: ["caregiver"] } });
    await setup.db
      .update(caregiverProfiles)
      .set({ caregiverStatus: "suspended" })
      .where(eq(caregiverProfiles.userId, booked.caregiver.id));
    await expect(buildCalendarFeed({ token, appUrl: APP_URL })).rejects.toMatchObject({ code: "not_found" });
    await expect(getCalendarToken({ actor: { id: booked.client.id, roles: ["client"] } })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
