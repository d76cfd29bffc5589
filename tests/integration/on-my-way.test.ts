import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { careRequests, orders, realtimeEvents, visitArrivals, visitEvents, visits } from "~/platform/db/schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { recordCheck } from "~/features/visits/check-in.server";
import { listCaregiverVisits } from "~/features/visits/caregiver-visits.server";
import { listOnTheWay, sayOnMyWay } from "~/features/visits/on-my-way.server";
import { wordNotification, type NotificationWording } from "~/features/notifications/wording.server";
import { formatVisitShort } from "~/utils/datetime";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { notificationsOf, setLocale, useNotificationsDatabase } from "./notifications-helpers";

// "On my way" (docs/product-rules.md, "On my way"; docs/decisions/0046-on-my-way.md): only the visit's
// caregiver, only in its window, with a sane arrival; the family is notified in their language and their
// open pages are told; the EVV record is not touched.

const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });

describe("on my way", () => {
  const testDb = useNotificationsDatabase(6);

  async function bookVisit(zip: string) {
    const client = await clientActor(testDb.db);
    const caregiver = await caregiverNear(testDb.db, { zipCode: zip, firstName: "Jordan", lastName: `Way${zip}` });
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(upcomingMonday(2), "09:00", "13:00", { zipCode: zip }),
    });
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true });
    const [row] = await testDb.db
      .select({ visit: visits, zone: careRequests.timeZone })
      .from(visits)
      .innerJoin(orders, eq(orders.id, visits.orderId))
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(visits.orderId, orderId));
    // The booking's own notifications are delivered now: only what "On my way" sends is looked at.
    await notificationsOf(client.id);
    return { client, caregiver, orderId, visit: row!.visit, zone: row!.zone };
  }

  const visitUpdates = (userId: string) =>
    testDb.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.userId, userId), eq(realtimeEvents.kind, "visit-update")));

  test("only the visit's caregiver, from 3 hours before its start until its end", async () => {
    const { caregiver, visit } = await bookVisit("77002");
    const other = await caregiverNear(testDb.db, { zipCode: "77002", lastName: "Stranger" });
    const arrival = { by: "estimate" as const, minutes: 20 };
    await expect(
      sayOnMyWay({ actor: { id: other.id }, visitId: visit.id, arrival, now: at(visit.startsAt, -30) }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      sayOnMyWay({ actor: { id: caregiver.id }, visitId: visit.id, arrival, now: at(visit.startsAt, -181) }),
    ).rejects.toMatchObject({ code: "conflict", reason: "not-now" });
    await expect(
      sayOnMyWay({ actor: { id: caregiver.id }, visitId: visit.id, arrival, now: visit.endsAt }),
    ).rejects.toMatchObject({ code: "conflict", reason: "not-now" });
    await expect(
      sayOnMyWay({ actor: { id: caregiver.id }, visitId: randomUUID(), arrival, now: at(visit.startsAt, -30) }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await testDb.db.select().from(visitArrivals).where(eq(visitArrivals.visitId, visit.id))).toEqual([]);
  });

  test("a typed time in the past or over 3 hours ahead is refused", async () => {
    const { caregiver, visit } = await bookVisit("77003");
    const now = at(visit.startsAt, -40); // 8:20 AM where care happens
    const say = (time: string) =>
      sayOnMyWay({ actor: { id: caregiver.id }, visitId: visit.id, arrival: { by: "time", time }, now });
    await expect(say("08:00")).rejects.toMatchObject({ code: "invalid", reason: "past" });
    await expect(say("11:30")).rejects.toMatchObject({ code: "invalid", reason: "too-late" });
    await expect(say("09:05")).resolves.toMatchObject({ arrivesAt: at(visit.startsAt, 5) });
  });

  test("tells the family in their language, live, again at a second press; the EVV record is unchanged", async () => {
    const { client, caregiver, orderId, visit, zone } = await bookVisit("77004");
    await setLocale(client.id, "es");
    const now = at(visit.startsAt, -40);
    const before = await testDb.db.select().from(visits).where(eq(visits.id, visit.id));
    const updatesBefore = (await visitUpdates(client.id)).length;

    const first = await sayOnMyWay({
      actor: { id: caregiver.id },
      visitId: visit.id,
      arrival: { by: "estimate", minutes: 30 },
      now,
    });
    expect(first.arrivesAt).toEqual(at(visit.startsAt, -10));
    // Nothing of EVV: the visit row as it was, no visit event.
    expect(await testDb.db.select().from(visits).where(eq(visits.id, visit.id))).toEqual(before);
    expect(await testDb.db.select().from(visitEvents).where(eq(visitEvents.visitId, visit.id))).toEqual([]);
    expect((await visitUpdates(client.id)).length).toBe(updatesBefore + 1);

    const sent = (await notificationsOf(client.id)).filter((item) => item.subtype === "caregiver_on_the_way");
    expect(sent).toHaveLength(1);
    const when = (locale: "en" | "es") => formatVisitShort(visit.startsAt, zone, { withZone: true, locale });
    const arrival = (locale: "en" | "es", instant: Date) => formatVisitShort(instant, zone, { withZone: true, locale });
    expect(sent[0]).toMatchObject({
      type: "schedule",
      title: `Jordan W. va en camino: ${when("es")}`,
      message: `Jordan W. va en camino a su visita. Llegada aproximada: ${arrival("es", first.arrivesAt)}.`,
      actionUrl: `/dashboard/appointments/order/${orderId}`,
    });
    // Stored as a key and values: it reads in English too.
    expect(wordNotification(sent[0]!.wording as NotificationWording, "en")).toEqual({
      title: `Jordan W. is on the way: ${when("en")}`,
      message: `Jordan W. is on the way to your visit. Arriving about: ${arrival("en", first.arrivesAt)}.`,
      actionText: "View order",
    });
    expect(await listOnTheWay(orderId)).toEqual([
      { visitId: visit.id, caregiverName: "Jordan W.", arrivesAt: first.arrivesAt, announcedAt: now },
    ]);

    // A second press moves the time: one notification, its message moved.
    const later = at(now, 5);
    const second = await sayOnMyWay({
      actor: { id: caregiver.id },
      visitId: visit.id,
      arrival: { by: "time", time: "09:15" },
      now: later,
    });
    expect(second.arrivesAt).toEqual(at(visit.startsAt, 15));
    const again = (await notificationsOf(client.id)).filter((item) => item.subtype === "caregiver_on_the_way");
    expect(again).toHaveLength(1);
    expect(again[0]!.message).toContain(arrival("es", second.arrivesAt));
    expect(await listOnTheWay(orderId)).toMatchObject([{ arrivesAt: second.arrivesAt, announcedAt: later }]);
    const [seen] = await listCaregiverVisits({
      actor: asCaregiver(caregiver.id),
      from: visit.startsAt,
      to: visit.endsAt,
    });
    expect(seen?.arrivesAt).toEqual(second.arrivesAt);

    // The check-in takes its place, and the family's pages are told.
    await recordCheck({
      actor: { id: caregiver.id },
      visitId: visit.id,
      kind: "check_in",
      clientEventId: randomUUID(),
      occurredAt: at(visit.startsAt, 10),
      verification: { method: "reason", reason: "Phone's location is off" },
      now: at(visit.startsAt, 10),
    });
    expect(await listOnTheWay(orderId)).toEqual([]);
    expect((await visitUpdates(client.id)).length).toBe(updatesBefore + 3);
    await expect(
      sayOnMyWay({
        actor: { id: caregiver.id },
        visitId: visit.id,
        arrival: { by: "estimate", minutes: 10 },
        now: at(visit.startsAt, 11),
      }),
    ).rejects.toMatchObject({ code: "conflict", reason: "checked-in" });
  });
});
