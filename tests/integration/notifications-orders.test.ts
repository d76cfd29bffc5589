import { randomUUID } from "node:crypto";
import { addDays, format } from "date-fns";
import { asc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { orderOffers, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { assignCaregiver } from "~/features/orders/assign-caregiver.server";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { recordCheck } from "~/features/visits/check-in.server";
import { formatVisitShort } from "~/utils/datetime";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { notificationsOf, queuedNotificationJobs, setLocale, useNotificationsDatabase } from "./notifications-helpers";

// The care loop's notifications (docs/product-rules.md, "Notifications")
// against PostgreSQL: each event notifies the right people once, in their
// language, and nobody when its transaction rolls back. Orders are booked in
// Chicago (60614), a few weeks ahead, through the feature functions the pages call.

const ZONE = "America/Chicago";
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
/** A weekday (Monday + offset) a few weeks ahead: inside the caregivers' weekday hours. */
const weekday = (offset: number, weeksAhead = 3) =>
  format(addDays(new Date(upcomingMonday(weeksAhead)), offset), "yyyy-MM-dd");

/** Whether each notification queued for a person has an email of its own already. */
async function flags(userId: string) {
  return (await queuedNotificationJobs(userId)).map((job) => job.payload.emailedSeparately);
}

describe("order notifications", () => {
  const testDb = useNotificationsDatabase(6);

  async function orderFor(date: string, lastName: string) {
    const client = await clientActor(testDb.db);
    const caregiver = await caregiverNear(testDb.db, { firstName: "Jordan", lastName });
    const { orderId, orderNumber } = await submitCareRequest({ actor: client, request: oneTimeRequest(date) });
    return { client, caregiver, orderId, orderNumber };
  }

  async function firstVisit(orderId: string) {
    const [visit] = await testDb.db
      .select()
      .from(visits)
      .where(eq(visits.orderId, orderId))
      .orderBy(asc(visits.startsAt))
      .limit(1);
    return visit!;
  }

  test("an offer notifies the caregiver once, urgently, with its deadline; the family is not notified of it", async () => {
    const { client, caregiver, orderId, orderNumber } = await orderFor(weekday(0), "Offer");
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    const [offer] = await testDb.db.select().from(orderOffers).where(eq(orderOffers.orderId, orderId));

    const sent = await notificationsOf(caregiver.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: "order",
      subtype: "offer_received",
      priority: "urgent",
      status: "unread",
      title: `New care offer ${orderNumber}`,
      message: `A family in Chicago, IL 60614 would like you as their caregiver. Accept or decline by ${formatVisitShort(offer!.expiresAt, ZONE, { withZone: true })}.`,
      actionText: "View offer",
      actionUrl: `/caregiver/orders/${orderId}`,
      metadata: { requiresAction: true },
    });
    expect(await notificationsOf(client.id)).toEqual([]);
  });

  test("the caregiver's acceptance notifies the family once, in their language, with the first visit", async () => {
    const { client, caregiver, orderId, orderNumber } = await orderFor(weekday(1), "Accept");
    await setLocale(client.id, "es");
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true });
    const visit = await firstVisit(orderId);

    const sent = await notificationsOf(client.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: "order",
      subtype: "order_confirmed",
      priority: "normal",
      title: `Cuidado confirmado: ${orderNumber}`,
      message: `Jordan A. aceptó su solicitud de cuidado. Primera visita: ${formatVisitShort(visit.startsAt, ZONE, { withZone: true, locale: "es" })}.`,
      actionText: "Ver el pedido",
      actionUrl: `/dashboard/appointments/order/${orderId}`,
      metadata: { caregiverName: "Jordan A.", serviceDate: visit.startsAt.toISOString() },
    });
    // The caregiver took the job themselves: only the offer was theirs.
    expect((await notificationsOf(caregiver.id)).map((item) => item.subtype)).toEqual(["offer_received"]);
  });

  test("an acceptance refused (a clash) notifies nobody: its transaction rolled back", async () => {
    const date = weekday(2);
    const first = await orderFor(date, "Clash");
    const client = await clientActor(testDb.db);
    const second = await submitCareRequest({ actor: client, request: oneTimeRequest(date) });
    // Both offered to the same caregiver while free, then both accepted: the second clashes.
    await chooseCaregiver({ actor: first.client, orderId: first.orderId, caregiverId: first.caregiver.id });
    await chooseCaregiver({ actor: client, orderId: second.orderId, caregiverId: first.caregiver.id });
    await respondToOffer({ actor: asCaregiver(first.caregiver.id), orderId: first.orderId, accept: true });
    await expect(
      respondToOffer({ actor: asCaregiver(first.caregiver.id), orderId: second.orderId, accept: true }),
    ).rejects.toMatchObject({ code: "conflict" });

    expect(await queuedNotificationJobs(client.id)).toEqual([]);
    expect(await notificationsOf(client.id)).toEqual([]);
    expect((await notificationsOf(first.client.id)).map((item) => item.subtype)).toEqual(["order_confirmed"]);
  });

  test("an admin's offer by hand tells the caregiver of the offer and the family it was found, then who accepted", async () => {
    const { client, caregiver, orderId, orderNumber } = await orderFor(weekday(3), "Assigned");
    const admin = await createUser(testDb.db, { roles: ["admin"] });
    await assignCaregiver({
      actor: { id: admin.id, roles: ["admin"] },
      orderId,
      caregiverId: caregiver.id,
      reason: "Covers this area on Wednesdays",
    });
    // The caregiver's offer has its own email; "We found a caregiver" is emailed by the notification.
    expect(await flags(caregiver.id)).toEqual([true]);
    expect(await flags(client.id)).toEqual([false]);
    expect(await notificationsOf(caregiver.id)).toMatchObject([{ subtype: "offer_received", priority: "urgent" }]);
    expect(await notificationsOf(client.id)).toMatchObject([
      {
        type: "caregiver",
        subtype: "caregiver_found",
        title: `Caregiver found for ${orderNumber}: Jordan A.`,
        message: "The Tendly team asked Jordan A. to take your care. We will tell you as soon as they answer.",
        actionUrl: `/dashboard/appointments/order/${orderId}`,
      },
    ]);

    await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true });
    const when = formatVisitShort((await firstVisit(orderId)).startsAt, ZONE, { withZone: true });
    const assigned = (await notificationsOf(client.id)).filter((item) => item.subtype === "caregiver_assigned");
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatchObject({
      type: "caregiver",
      title: `Caregiver assigned: ${orderNumber}`,
      message: `Jordan A., whom the Tendly team found for you, accepted your care. First visit: ${when}.`,
      actionUrl: `/dashboard/appointments/order/${orderId}`,
    });
    // The caregiver accepted the job themselves: the offer was their only notification.
    expect((await notificationsOf(caregiver.id)).map((item) => item.subtype)).toEqual(["offer_received"]);
  });

  test("a family's cancellation notifies the caregiver; an admin's notifies both", async () => {
    const byFamily = await orderFor(weekday(4), "CancelledA");
    await chooseCaregiver({ actor: byFamily.client, orderId: byFamily.orderId, caregiverId: byFamily.caregiver.id });
    await respondToOffer({ actor: asCaregiver(byFamily.caregiver.id), orderId: byFamily.orderId, accept: true });
    await cancelOrder({ actor: byFamily.client, orderId: byFamily.orderId, reason: "Plans changed" });

    const toCaregiver = (await notificationsOf(byFamily.caregiver.id)).filter(
      (item) => item.subtype === "order_cancelled",
    );
    expect(toCaregiver).toHaveLength(1);
    expect(toCaregiver[0]).toMatchObject({
      type: "order",
      title: `Order cancelled: ${byFamily.orderNumber}`,
      message: "The family cancelled this care. Its upcoming visits are off your schedule.",
      actionUrl: `/caregiver/orders/${byFamily.orderId}`,
    });
    expect((await notificationsOf(byFamily.client.id)).map((item) => item.subtype)).toEqual(["order_confirmed"]);

    const byTeam = await orderFor(weekday(0, 4), "CancelledB");
    await chooseCaregiver({ actor: byTeam.client, orderId: byTeam.orderId, caregiverId: byTeam.caregiver.id });
    await respondToOffer({ actor: asCaregiver(byTeam.caregiver.id), orderId: byTeam.orderId, accept: true });
    const admin = await createUser(testDb.db, { roles: ["admin"] });
    await cancelOrder({
      actor: { id: admin.id, roles: ["admin"] },
      orderId: byTeam.orderId,
      reason: "Duplicate order",
      as: "admin",
    });
    for (const userId of [byTeam.client.id, byTeam.caregiver.id]) {
      const cancelled = (await notificationsOf(userId)).filter((item) => item.subtype === "order_cancelled");
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]!.message).toBe("The Tendly team cancelled this care. The upcoming visits are cancelled too.");
    }
  });

  test("the last check-out completes the order and asks the family to rate the care", async () => {
    const { client, caregiver, orderId, orderNumber } = await orderFor(weekday(1, 4), "Completed");
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true });
    const visit = await firstVisit(orderId);
    const check = (kind: "check_in" | "check_out", minutes: number) => {
      const occurredAt = new Date(visit.startsAt.getTime() + minutes * 60_000);
      return recordCheck({
        actor: { id: caregiver.id },
        visitId: visit.id,
        kind,
        clientEventId: randomUUID(),
        occurredAt,
        verification: { method: "code", code: visit.familyCode },
        now: occurredAt,
      });
    };
    await check("check_in", 1);
    expect((await notificationsOf(client.id)).map((item) => item.subtype)).toEqual(["order_confirmed"]);
    await check("check_out", 230);

    const completed = (await notificationsOf(client.id)).filter((item) => item.subtype === "order_completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      type: "order",
      title: `Care completed: ${orderNumber}`,
      message: "We hope everything went well. Tell us how Jordan C. did: your rating helps other families.",
      actionText: "Rate this care",
      actionUrl: `/dashboard/orders/${orderNumber}/feedback`,
    });
    expect((await notificationsOf(caregiver.id)).map((item) => item.subtype)).toEqual(["offer_received"]);
  });
});
