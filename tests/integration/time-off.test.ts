import { addDays, format } from "date-fns";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import {
  auditEvents,
  careRequests,
  caregiverTimeOff,
  orderOffers,
  orders,
  visitBackupOffers,
  visitEvents,
  visits,
} from "~/platform/db/schema";
import { findMatches } from "~/features/matching/matching.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { extendVisitHorizons } from "~/features/orders/visit-horizon.server";
import { acceptBackupOffer } from "~/features/visits/backup-offers.server";
import { addTimeOff, listTimeOff, listTimeOffForAdmin } from "~/features/visits/time-off.server";
import { formatVisitShort } from "~/utils/datetime";
import { createUser } from "~/platform/db/seed/factories.server";
import { lookupZip } from "~/utils/zip-codes.server";
import {
  bookVisitNear,
  careRequestInput,
  caregiverNear,
  clientActor,
  oneTimeRequest,
  upcomingMonday,
} from "./care-loop-helpers";
import { deliveredOutbox } from "./emails";
import { notificationsOf, setLocale, useNotificationsDatabase } from "./notifications-helpers";

// Time off (docs/product-rules.md, "Time off"; docs/decisions/0048-time-off.md): matching and backups skip a
// caregiver whose time off overlaps a visit, accepting inside it is refused, and a visit booked inside is handed
// over once the caregiver confirms: backups first, then the admins' queue, the family told in their language.
// Each test books in a city of its own, so that the caregivers of one test are never the backups of another.

const DAY = 24 * 60 * 60_000;
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
/** A weekday (Monday + offset, 0-4) a couple of weeks ahead: inside the caregivers' weekday hours. */
const weekday = (offset: number) => format(addDays(new Date(upcomingMonday(2)), offset), "yyyy-MM-dd");

describe("time off", () => {
  const testDb = useNotificationsDatabase(6);

  async function bookVisit(zip: string, date: string) {
    const booked = await bookVisitNear(testDb.db, zip, date);
    const { client } = booked;
    await notificationsOf(client.id);
    return booked;
  }

  test("matching skips a caregiver on time off that day, and not on another day", async () => {
    const client = await clientActor(testDb.db);
    const away = await caregiverNear(testDb.db, { zipCode: "60657", firstName: "Away" });
    const date = weekday(1);
    await addTimeOff({
      actor: asCaregiver(away.id),
      days: { kind: "weekly", startDate: weekday(0), endDate: weekday(14), weekday: 1 },
    });
    const place = (await lookupZip("60657"))!;
    const query = (day: string) => ({
      clientId: client.id,
      latitude: place.latitude,
      longitude: place.longitude,
      services: ["companionship"],
      healthNeeds: [],
      language: "en",
      caregiverGender: "no-preference",
      culture: "",
      windows: [],
      occurrences: [{ date: day, start: "09:00", end: "11:00" }],
      timeZone: "America/Chicago",
    });
    const names = async (day: string) => (await findMatches(query(day), testDb.db)).map((match) => match.firstName);
    // Every Tuesday is blocked; the Wednesday is not.
    expect(await names(date)).not.toContain("Away");
    expect(await names(weekday(2))).toContain("Away");
    // The Monday before is free.
    expect(await names(weekday(0))).toContain("Away");
  });

  test("a block over a booked visit asks first, then hands it to a backup and tells the family in Spanish", async () => {
    const { client, caregiver, visit, zone } = await bookVisit("98101", weekday(2));
    const backup = await caregiverNear(testDb.db, { zipCode: "98101", firstName: "Casey", lastName: "Backup" });
    await setLocale(client.id, "es");
    const now = new Date(visit.startsAt.getTime() - 3 * DAY);
    const days = { kind: "range" as const, startDate: weekday(0), endDate: weekday(4), weekday: null };

    const asked = await addTimeOff({ actor: asCaregiver(caregiver.id), days, now });
    expect(asked).toMatchObject({ status: "confirm", visits: [{ visitId: visit.id }] });
    // Nothing is saved or handed over before the caregiver confirms.
    expect(
      await testDb.db.select().from(caregiverTimeOff).where(eq(caregiverTimeOff.caregiverId, caregiver.id)),
    ).toEqual([]);

    const added = await addTimeOff({ actor: asCaregiver(caregiver.id), days, confirmCount: 1, now, reason: "Surgery" });
    expect(added).toMatchObject({ status: "added", handedOver: 1, late: 0, backupsOffered: 1 });
    const offers = await testDb.db.select().from(visitBackupOffers).where(eq(visitBackupOffers.visitId, visit.id));
    expect(offers.map((offer) => offer.caregiverId)).toEqual([backup.id]);

    const told = (await notificationsOf(client.id)).filter((item) => item.subtype === "visit_cancelled");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: `Su cuidador tiene días libres: ${formatVisitShort(visit.startsAt, zone, { withZone: true, locale: "es" })}`,
      message: expect.stringContaining("aviso dado: 72 h"),
    });
    // The private reason reaches neither the family nor the audit log.
    expect(told[0]!.message).not.toContain("Surgery");
    const [audit] = await testDb.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, caregiver.id), eq(auditEvents.eventType, "caregiver_time_off_added")));
    expect(audit!.metadata).toMatchObject({ handedOverVisitIds: [visit.id], kind: "range" });
    expect(JSON.stringify(audit!.metadata)).not.toContain("Surgery");

    // The backup takes it; a caregiver on time off then cannot take it back.
    await acceptBackupOffer({ actor: asCaregiver(backup.id), offerId: offers[0]!.id, now });
    const [taken] = await testDb.db.select().from(visits).where(eq(visits.id, visit.id));
    expect(taken!.caregiverId).toBe(backup.id);
  });

  test("with no backup free the visit goes to the admins' queue and the family is told so", async () => {
    // Nobody else works in Denver.
    const { client, caregiver, visit } = await bookVisit("80202", weekday(3));
    const english = await createUser(testDb.db, { roles: ["admin"] });
    const spanish = await createUser(testDb.db, { roles: ["admin"] });
    await setLocale(spanish.id, "es");
    const now = new Date(visit.startsAt.getTime() - 10 * 60 * 60_000);
    const days = { kind: "day" as const, startDate: weekday(3), endDate: weekday(3), weekday: null };
    // No reason written.
    const added = await addTimeOff({ actor: asCaregiver(caregiver.id), days, confirmCount: 1, now });
    // Ten hours ahead: allowed, but a late handover.
    expect(added).toMatchObject({ status: "added", handedOver: 1, late: 1, backupsOffered: 0 });
    const subtypes = (await notificationsOf(client.id)).map((item) => item.subtype);
    expect(subtypes).toEqual(expect.arrayContaining(["visit_cancelled", "no_backup"]));

    // No English words stored for the missing reason: a code, worded in each admin's language.
    const [cancelled] = await testDb.db
      .select()
      .from(visitEvents)
      .where(and(eq(visitEvents.visitId, visit.id), eq(visitEvents.kind, "cancelled")));
    expect(cancelled).toMatchObject({ reason: null, data: expect.objectContaining({ reasonCode: "time_off" }) });
    const outbox = await deliveredOutbox();
    const cancellationTo = (email: string, subject: string) =>
      outbox.find((mail) => mail.to === email && mail.subject.startsWith(subject));
    expect(cancellationTo(english.email, "Late cancellation")?.text).toContain("Reason given: time off");
    const inSpanish = cancellationTo(spanish.email, "Cancelación tardía")?.text;
    expect(inSpanish).toContain("Motivo indicado: días libres");
    expect(inSpanish).not.toContain("Time off");
  });

  test("a caregiver on time off is not offered a backup, and cannot accept an offer or a backup inside it", async () => {
    const { caregiver, visit } = await bookVisit("85004", weekday(1));
    const away = await caregiverNear(testDb.db, { zipCode: "85004", firstName: "Away", lastName: "Backup" });
    const free = await caregiverNear(testDb.db, { zipCode: "85004", firstName: "Free", lastName: "Backup" });
    await addTimeOff({
      actor: asCaregiver(away.id),
      days: { kind: "day", startDate: weekday(1), endDate: weekday(1), weekday: null },
    });
    const now = new Date(visit.startsAt.getTime() - 3 * DAY);
    await addTimeOff({
      actor: asCaregiver(caregiver.id),
      days: { kind: "day", startDate: weekday(1), endDate: weekday(1), weekday: null },
      confirmCount: 1,
      now,
    });
    const offers = await testDb.db.select().from(visitBackupOffers).where(eq(visitBackupOffers.visitId, visit.id));
    expect(offers.map((offer) => offer.caregiverId)).toEqual([free.id]);

    // An offer held from before the time off is refused at acceptance (409).
    const [held] = await testDb.db
      .insert(visitBackupOffers)
      .values({ visitId: visit.id, caregiverId: away.id, offeredAt: now })
      .returning();
    await expect(acceptBackupOffer({ actor: asCaregiver(away.id), offerId: held!.id, now })).rejects.toMatchObject({
      code: "conflict",
      ref: { key: "alerts:refusals.timeOff" },
    });

    const client = await clientActor(testDb.db);
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(weekday(1), "15:00", "17:00", { zipCode: "85004" }),
    });
    // Offered to the caregiver on time off (as an admin may by hand): accepting is refused, nothing booked.
    await testDb.db.update(orders).set({ status: "offered" }).where(eq(orders.id, orderId));
    await testDb.db
      .insert(orderOffers)
      .values({ orderId, caregiverId: away.id, rank: 1, status: "offered", expiresAt: new Date(Date.now() + DAY) });
    await expect(respondToOffer({ actor: asCaregiver(away.id), orderId, accept: true })).rejects.toMatchObject({
      code: "conflict",
      ref: { key: "orders:refusals.timeOff" },
    });
    expect(await testDb.db.select().from(visits).where(eq(visits.orderId, orderId))).toEqual([]);
  });

  test("a recurring order's visit booked later by the horizon inside the time off is handed over", async () => {
    // Mondays and Wednesdays in Portland; the day off is a Monday past the first eight weeks booked.
    const client = await clientActor(testDb.db);
    const caregiver = await caregiverNear(testDb.db, { zipCode: "97205", firstName: "Jordan", lastName: "Horizon" });
    const { orderId } = await submitCareRequest({ actor: client, request: careRequestInput({ zipCode: "97205" }) });
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true });
    const backup = await caregiverNear(testDb.db, { zipCode: "97205", firstName: "Casey", lastName: "Horizon" });
    const dayOff = upcomingMonday(9);
    const added = await addTimeOff({
      actor: asCaregiver(caregiver.id),
      days: { kind: "day", startDate: dayOff, endDate: dayOff, weekday: null },
      reason: "Surgery",
    });
    // Nothing booked that day yet: saved at once.
    expect(added).toMatchObject({ status: "added", handedOver: 0 });
    // The admin's view of the caregiver shows the block, as the caregiver's own page does; no one else reads it.
    const ownPage = await listTimeOff(asCaregiver(caregiver.id));
    const adminPage = await listTimeOffForAdmin({
      actor: { id: client.id, roles: ["admin"] },
      caregiverId: caregiver.id,
    });
    expect(adminPage).toEqual(ownPage);
    expect(adminPage.upcoming).toEqual([expect.objectContaining({ startDate: dayOff, reason: "Surgery" })]);
    await expect(listTimeOffForAdmin({ actor: client, caregiverId: caregiver.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    await notificationsOf(client.id);
    const before = await testDb.db.select({ id: visits.id }).from(visits).where(eq(visits.orderId, orderId));

    const later = new Date(Date.now() + 21 * DAY);
    expect(await extendVisitHorizons(later)).toBeGreaterThan(0);
    const booked = await testDb.db
      .select({ visit: visits, zone: careRequests.timeZone })
      .from(visits)
      .innerJoin(orders, eq(orders.id, visits.orderId))
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(visits.orderId, orderId));
    const dateOf = (row: (typeof booked)[number]) => format(row.visit.startsAt, "yyyy-MM-dd");
    const inside = booked.filter((row) => dateOf(row) === dayOff);
    expect(booked.length).toBeGreaterThan(before.length);
    // Booked, as every date of the schedule is, then handed over: one 'cancelled' event naming the block.
    expect(inside).toHaveLength(1);
    const visit = inside[0]!.visit;
    const events = await testDb.db.select().from(visitEvents).where(eq(visitEvents.visitId, visit.id));
    const [block] = await testDb.db
      .select()
      .from(caregiverTimeOff)
      .where(eq(caregiverTimeOff.caregiverId, caregiver.id));
    expect(events.filter((event) => event.kind === "cancelled")).toEqual([
      expect.objectContaining({ actorId: caregiver.id, data: expect.objectContaining({ timeOffId: block!.id }) }),
    ]);
    const offers = await testDb.db.select().from(visitBackupOffers).where(eq(visitBackupOffers.visitId, visit.id));
    expect(offers.map((offer) => offer.caregiverId)).toEqual([backup.id]);
    // The family is told of that one visit, not of the Wednesday after it.
    const told = (await notificationsOf(client.id)).filter((item) => item.subtype === "visit_cancelled");
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toContain(formatVisitShort(visit.startsAt, inside[0]!.zone, { withZone: true }));
    expect(told[0]!.message).not.toContain("Surgery");
    const otherDays = booked.filter((row) => dateOf(row) !== dayOff).map((row) => row.visit.id);
    const otherEvents = await testDb.db.select().from(visitEvents).where(inArray(visitEvents.visitId, otherDays));
    expect(otherEvents.filter((event) => event.kind === "cancelled")).toEqual([]);

    // A second run books nothing and hands nothing over again.
    expect(await extendVisitHorizons(later)).toBe(0);
    expect(
      (await testDb.db.select().from(visitEvents).where(eq(visitEvents.visitId, visit.id))).filter(
        (event) => event.kind === "cancelled",
      ),
    ).toHaveLength(1);
  });
});
