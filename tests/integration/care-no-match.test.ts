import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { auditEvents, orderOffers, orders } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { getCareRequestDraft } from "~/features/care-requests/drafts.server";
import { startAdjustedRequest } from "~/features/orders/adjust-request.server";
import { getAdminOrder, listOrdersNeedingCaregiver } from "~/features/orders/admin-orders.server";
import { assignCaregiver } from "~/features/orders/assign-caregiver.server";
import { getClientOrder } from "~/features/orders/client-orders.server";
import { chooseCaregiver, expireOffer, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { getClientHome } from "~/features/home/client-home.server";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { notificationsOf, queuedNotificationJobs, useNotificationsDatabase } from "./notifications-helpers";

// docs/product-rules.md, "When no caregiver matches": the team's queue, the offer by hand (an override with a
// reason, audited, answered by the caregiver), and what the family is shown and told.

const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });

describe("when no caregiver matches", () => {
  const testDb = useNotificationsDatabase(6);
  let admin: { id: string; roles: "admin"[] };
  let nearby: string;

  beforeAll(async () => {
    admin = { ...(await createUser(testDb.db, { roles: ["admin"] })), roles: ["admin"] };
    // Offers personal care and companionship only: no caregiver here offers transportation.
    nearby = (await caregiverNear(testDb.db, { firstName: "Elena", lastName: "Ruiz" })).id;
  });

  async function orderNobodyMatches(date: string) {
    const client = await clientActor(testDb.db);
    const submitted = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(date, "09:00", "12:00", { serviceTypes: ["transportation"] }),
    });
    return { client, ...submitted };
  }

  async function orderRow(orderId: string) {
    const [row] = await testDb.db.select().from(orders).where(eq(orders.id, orderId));
    return row!;
  }

  test("a request nobody matches waits in the queue, oldest first, and the family sees the way forward", async () => {
    const older = await orderNobodyMatches(upcomingMonday(2));
    const newer = await orderNobodyMatches(upcomingMonday(3));
    expect(older.matches).toEqual([]);
    expect((await orderRow(older.orderId)).needsCaregiverSince).toBeInstanceOf(Date);

    const queue = await listOrdersNeedingCaregiver({ actor: admin });
    const numbers = queue.orders.map((order) => order.orderNumber);
    expect(numbers.indexOf(older.orderNumber)).toBeLessThan(numbers.indexOf(newer.orderNumber));
    expect(queue.total).toBe(queue.orders.length);
    expect(queue.orders.find((order) => order.id === older.orderId)).toMatchObject({
      offersTried: 0,
      services: ["transportation"],
    });
    await expect(listOrdersNeedingCaregiver({ actor: older.client })).rejects.toThrow("common:access.denied");

    // The family's home says the team is looking, never "choose a caregiver"; the order page says what next.
    const home = await getClientHome({ actor: { ...older.client, sessionId: "none" } });
    expect(home.openRequests.find((request) => request.orderId === older.orderId)).toMatchObject({
      awaitsChoice: false,
      isWaitingForTeam: true,
    });
    const page = await getClientOrder({ actor: older.client, orderId: older.orderId, locale: "en" });
    expect(page.waitingFor).toBe("team");
  });

  test("an admin offers by hand outside the rules with a reason; it is audited; the caregiver declines, then accepts the next", async () => {
    const { client, orderId, orderNumber } = await orderNobodyMatches(upcomingMonday(4));
    const detail = await getAdminOrder({ actor: admin, orderId, locale: "en" });
    const elena = detail.candidates.find((candidate) => candidate.caregiverId === nearby);
    expect(elena?.misses).toEqual([{ code: "missing-services", services: ["transportation"] }]);

    // Only an administrator, and only with a reason.
    await expect(
      assignCaregiver({ actor: client, orderId, caregiverId: nearby, reason: "I want her" }),
    ).rejects.toThrow("common:access.denied");
    await expect(
      assignCaregiver({ actor: asCaregiver(nearby), orderId, caregiverId: nearby, reason: "Me" }),
    ).rejects.toThrow("common:access.denied");
    await expect(assignCaregiver({ actor: admin, orderId, caregiverId: nearby, reason: "  " })).rejects.toMatchObject({
      code: "invalid",
      field: "reason",
    });
    expect((await orderRow(orderId)).status).toBe("submitted");

    const reason = "Elena drives and agreed to take Rosa to her appointments";
    const result = await assignCaregiver({ actor: admin, orderId, caregiverId: nearby, reason });
    expect(result).toEqual({ caregiverName: "Elena Ruiz", overriddenRules: ["missing-services"] });
    // An offer, not a confirmation: the caregiver still answers; the order left the queue.
    expect(await orderRow(orderId)).toMatchObject({ status: "offered", caregiverId: null, needsCaregiverSince: null });
    const [offer] = await testDb.db.select().from(orderOffers).where(eq(orderOffers.orderId, orderId));
    expect(offer).toMatchObject({
      caregiverId: nearby,
      status: "offered",
      offeredBy: admin.id,
      offeredByReason: reason,
    });
    expect((await listOrdersNeedingCaregiver({ actor: admin })).orders.map((order) => order.id)).not.toContain(orderId);

    const [audit] = await testDb.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, "order_assigned"), eq(auditEvents.userId, admin.id)))
      .orderBy(asc(auditEvents.createdAt));
    expect(audit?.metadata).toMatchObject({
      orderId,
      orderNumber,
      caregiverId: nearby,
      reason,
      isOverride: true,
      overriddenRules: ["missing-services"],
    });
    expect((await notificationsOf(client.id)).map((item) => item.subtype)).toEqual(["caregiver_found"]);
    expect((await notificationsOf(nearby)).map((item) => item.subtype)).toContain("offer_received");

    // She declines: nobody else fits, so the order is back in the queue and the family is told.
    await respondToOffer({ actor: asCaregiver(nearby), orderId, accept: false, reason: "Not that day after all" });
    expect(await orderRow(orderId)).toMatchObject({ status: "submitted" });
    expect((await orderRow(orderId)).needsCaregiverSince).toBeInstanceOf(Date);
    expect((await notificationsOf(client.id)).map((item) => item.subtype)).toEqual([
      "caregiver_found",
      "no_caregiver_yet",
    ]);
    const told = (await queuedNotificationJobs(client.id)).map((job) => job.payload.emailedSeparately);
    expect(told).toEqual([false, false]);
    const queue = await listOrdersNeedingCaregiver({ actor: admin });
    expect(queue.orders.find((order) => order.id === orderId)?.offersTried).toBe(1);

    // Offered by hand again, to another caregiver (outside the rules too), who accepts: confirmed, the family told.
    const other = (await caregiverNear(testDb.db, { firstName: "Sam", lastName: "Lee" })).id;
    await assignCaregiver({ actor: admin, orderId, caregiverId: other, reason: "Newly approved, drives" });
    await respondToOffer({ actor: asCaregiver(other), orderId, accept: true });
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", caregiverId: other });
    expect((await notificationsOf(client.id)).map((item) => item.subtype)).toEqual([
      "caregiver_found",
      "no_caregiver_yet",
      "caregiver_found",
      "caregiver_assigned",
    ]);
    // Confirmed: no more offers by hand.
    await expect(
      assignCaregiver({ actor: admin, orderId, caregiverId: nearby, reason: "Change of mind" }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  test("a caregiver who is not approved is never offered, even by hand", async () => {
    const { orderId } = await orderNobodyMatches(upcomingMonday(5));
    const pending = (await caregiverNear(testDb.db, { status: "pending", services: ["transportation"] })).id;
    await expect(
      assignCaregiver({ actor: admin, orderId, caregiverId: pending, reason: "Looks good" }),
    ).rejects.toMatchObject({ code: "conflict", message: "admin:refusals.caregiverCannotBeOffered" });
    expect((await orderRow(orderId)).status).toBe("submitted");
  });

  test("an offer by hand left unanswered expires back into the queue", async () => {
    const { orderId } = await orderNobodyMatches(upcomingMonday(6));
    await assignCaregiver({ actor: admin, orderId, caregiverId: nearby, reason: "Worth asking" });
    const [offer] = await testDb.db.select().from(orderOffers).where(eq(orderOffers.orderId, orderId));
    expect(await expireOffer({ offerId: offer!.id, now: new Date(offer!.expiresAt.getTime() + 1000) })).toBe(true);
    expect(await orderRow(orderId)).toMatchObject({ status: "submitted" });
    expect((await orderRow(orderId)).needsCaregiverSince).toBeInstanceOf(Date);
  });

  test("letting Tendly choose with nobody to choose puts the order in the queue", async () => {
    const client = await clientActor(testDb.db);
    const nobodyFree = oneTimeRequest(upcomingMonday(7), "09:00", "12:00", { serviceTypes: ["transportation"] });
    const { orderId } = await submitCareRequest({ actor: client, request: nobodyFree });
    await testDb.db.update(orders).set({ needsCaregiverSince: null }).where(eq(orders.id, orderId));
    const result = await chooseCaregiver({ actor: client, orderId, caregiverId: null });
    expect(result.status).toBe("submitted");
    expect((await orderRow(orderId)).needsCaregiverSince).toBeInstanceOf(Date);
  });

  test("starting an adjusted request copies the family's own request into the wizard at the schedule step", async () => {
    const { client, orderId } = await orderNobodyMatches(upcomingMonday(8));
    const stranger = await clientActor(testDb.db);
    await expect(startAdjustedRequest({ actor: stranger, orderId })).rejects.toMatchObject({ code: "not_found" });
    await startAdjustedRequest({ actor: client, orderId });
    const draft = await getCareRequestDraft({ actor: client });
    expect(draft).toMatchObject({
      currentStep: 3,
      completedSteps: ["client-info", "health-needs"],
      data: { fullName: "Rosa Diaz", serviceTypes: ["transportation"], scheduleType: "one-time" },
    });
    expect(draft?.data).not.toHaveProperty("termsAccepted");
    // The first request stays open, still in the queue.
    expect((await orderRow(orderId)).status).toBe("submitted");
  });
});
