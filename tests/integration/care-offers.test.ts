import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { jobs, orderEvents, orderOffers, orders, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { assignCaregiver } from "~/features/orders/assign-caregiver.server";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { chooseCaregiver, expireOffer, respondToOffer } from "~/features/orders/offers.server";
import { extendVisitHorizons } from "~/features/orders/visit-horizon.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { zonedInstant } from "~/utils/datetime";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { deliveredOutbox } from "./emails";

const setup = useAuthTestSetup();
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
const minutes = (n: number) => n * 60 * 1000;

async function orderRow(orderId: string) {
  const [order] = await setup.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

async function offersOf(orderId: string) {
  return setup.db.select().from(orderOffers).where(eq(orderOffers.orderId, orderId)).orderBy(orderOffers.rank);
}

describe("offers, acceptance, assignment and cancellation", () => {
  let client: Awaited<ReturnType<typeof clientActor>>;
  let admin: { id: string; roles: "admin"[] };
  let first: string;
  let second: string;
  beforeAll(async () => {
    client = await clientActor(setup.db);
    admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
    first = (
      await caregiverNear(setup.db, {
        firstName: "Maria",
        lastName: "Gonzalez",
        ratingAvg: 5,
        ratingCount: 20,
        yearsExperience: 9,
      })
    ).id;
    second = (await caregiverNear(setup.db, { firstName: "Luis", lastName: "Ramirez", languages: ["en"] })).id;
  });

  test("choose, accept: the order is confirmed with visits on the 8-week horizon and the family is emailed", async () => {
    const { orderId, orderNumber } = await submitCareRequest({ actor: client, request: careRequestInput() });
    const chosen = await chooseCaregiver({ actor: client, orderId, caregiverId: second });
    expect(chosen).toEqual({ status: "offered", caregiverName: "Luis R." });
    expect((await orderRow(orderId)).status).toBe("offered");
    const [offer] = await offersOf(orderId);
    expect(offer).toMatchObject({ caregiverId: second, rank: 1, status: "offered" });
    expect(offer!.expiresAt.getTime() - offer!.offeredAt.getTime()).toBe(24 * 60 * 60 * 1000);
    const [job] = await setup.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `offer:${offer!.id}`));
    expect(job?.runAt.getTime()).toBe(offer!.expiresAt.getTime());
    expect((await deliveredOutbox()).some((mail) => mail.subject.startsWith(`New care offer ${orderNumber}`))).toBe(
      true,
    );

    await expect(respondToOffer({ actor: asCaregiver(first), orderId, accept: true })).rejects.toThrow(
      "orders:error.notFound",
    );
    expect(await respondToOffer({ actor: asCaregiver(second), orderId, accept: true })).toEqual({
      status: "confirmed",
    });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "confirmed", caregiverId: second });
    const booked = await setup.db.select().from(visits).where(eq(visits.orderId, orderId)).orderBy(visits.startsAt);
    expect(booked).toHaveLength(16); // Mondays and Wednesdays for 8 weeks
    expect(booked.every((visit) => visit.caregiverId === second && visit.status === "scheduled")).toBe(true);
    // 09:00 in Chicago is 15:00 UTC (winter) or 14:00 UTC (summer).
    expect([14, 15]).toContain(booked[0]!.startsAt.getUTCHours());
    expect(
      (await deliveredOutbox()).some((mail) => mail.subject === `Luis R. confirmed your care ${orderNumber}`),
    ).toBe(true);
    await expect(respondToOffer({ actor: asCaregiver(second), orderId, accept: true })).rejects.toThrow(
      "orders:refusals.offerNoLongerOpen",
    );

    // Three weeks later the daily job books the weeks that came into the 8-week horizon; a second run adds nothing.
    const later = new Date(Date.now() + 21 * 24 * 60 * 60 * 1000);
    await extendVisitHorizons(later);
    const extended = await setup.db.select().from(visits).where(eq(visits.orderId, orderId)).orderBy(visits.startsAt);
    expect(extended.length).toBeGreaterThan(16);
    const lastStart = extended.at(-1)!.startsAt.getTime();
    expect(lastStart).toBeGreaterThan(later.getTime() + 7 * 7 * 24 * 60 * 60 * 1000);
    expect(lastStart).toBeLessThan(later.getTime() + 8 * 7 * 24 * 60 * 60 * 1000);
    await extendVisitHorizons(later);
    expect(await setup.db.select().from(visits).where(eq(visits.orderId, orderId))).toHaveLength(extended.length);
  });

  test("a decline passes the offer to the next match; when nobody is left the order waits for an admin", async () => {
    // Tuesdays and Thursdays: Luis is booked on Mondays and Wednesdays by now.
    const tuesdaysThursdays = {
      0: [],
      1: [{ start: "09:00", end: "13:00" }],
      2: [],
      3: [{ start: "09:00", end: "13:00" }],
      4: [],
      5: [],
      6: [],
    };
    const { orderId } = await submitCareRequest({
      actor: client,
      request: careRequestInput({ weeklySchedule: tuesdaysThursdays }),
    });
    await chooseCaregiver({ actor: client, orderId, caregiverId: null });
    expect((await offersOf(orderId))[0]?.caregiverId).toBe(first);
    await expect(respondToOffer({ actor: asCaregiver(first), orderId, accept: false })).rejects.toThrow(
      "orders:refusals.declineReasonMissing",
    );
    await respondToOffer({ actor: asCaregiver(first), orderId, accept: false, reason: "Away that month" });
    const offers = await offersOf(orderId);
    expect(offers.map((offer) => [offer.caregiverId, offer.status, offer.reason])).toEqual([
      [first, "declined", "Away that month"],
      [second, "offered", null],
    ]);
    await expireOffer({ offerId: offers[1]!.id, now: new Date(Date.now() + 25 * 60 * 60 * 1000) });
    expect((await offersOf(orderId))[1]?.status).toBe("expired");
    expect((await orderRow(orderId)).status).toBe("submitted");
    const events = await setup.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.id);
    expect(events.map((event) => event.toStatus)).toEqual(["submitted", "offered", "offered", "submitted"]);
    // Each line stored as its key and values, for the reader's language; no words of the app's own in the note.
    expect(events.map((event) => [event.wording, event.note])).toEqual([
      [{ key: "requestReceived", values: {} }, null],
      [{ key: "offeredToBestMatch", values: {} }, null],
      [{ key: "offeredToNextMatch", values: { rank: 2 } }, null],
      [{ key: "noCaregiverAvailable", values: {} }, null],
    ]);
  });

  test("an offer is not expired before its time", async () => {
    const { orderId } = await submitCareRequest({
      actor: client,
      request: careRequestInput({ serviceTypes: ["companionship"] }),
    });
    await chooseCaregiver({ actor: client, orderId, caregiverId: first });
    const [offer] = await offersOf(orderId);
    expect(await expireOffer({ offerId: offer!.id })).toBe(false);
    expect((await offersOf(orderId))[0]?.status).toBe("offered");
  });

  test("an offer for a visit within the day is due an hour before it starts, and at the latest at the start", async () => {
    // docs/product-rules.md, "Offer deadlines": a one-time visit at 9:00 AM in Chicago (ZIP 60614).
    const date = upcomingMonday(2);
    const startsAt = zonedInstant(date, "09:00", "America/Chicago");
    const offeredAt = async (now: Date) => {
      const { orderId } = await submitCareRequest({ actor: client, request: oneTimeRequest(date) });
      await chooseCaregiver({ actor: client, orderId, caregiverId: first, now });
      const [offer] = await offersOf(orderId);
      const [job] = await setup.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `offer:${offer!.id}`));
      expect(job?.runAt.getTime()).toBe(offer!.expiresAt.getTime());
      return offer!.expiresAt.getTime() - startsAt.getTime();
    };
    // Offered at 2:46 AM: due at 8:00 AM, not 2:46 AM the next day.
    expect(await offeredAt(new Date(startsAt.getTime() - minutes(374)))).toBe(-minutes(60));
    // Offered at 8:50 AM: fifteen minutes would be past the start, so at the start.
    expect(await offeredAt(new Date(startsAt.getTime() - minutes(10)))).toBe(0);
  });

  test("an admin offers by hand and the caregiver accepts; the family cancels with a reason and both sides are told", async () => {
    const request = careRequestInput({
      weeklySchedule: { 0: [], 1: [{ start: "14:00", end: "17:00" }], 2: [], 3: [], 4: [], 5: [], 6: [] },
    });
    const { orderId, orderNumber } = await submitCareRequest({ actor: client, request });
    await expect(
      assignCaregiver({ actor: client, orderId, caregiverId: first, reason: "A client tries" }),
    ).rejects.toThrow("common:access.denied");
    await assignCaregiver({ actor: admin, orderId, caregiverId: first, reason: "Asked for by the family" });
    expect(await orderRow(orderId)).toMatchObject({ status: "offered", caregiverId: null });
    expect((await offersOf(orderId)).at(-1)).toMatchObject({ caregiverId: first, status: "offered" });
    await respondToOffer({ actor: asCaregiver(first), orderId, accept: true });
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", caregiverId: first });
    expect((await offersOf(orderId)).at(-1)).toMatchObject({ caregiverId: first, status: "accepted" });

    const stranger = await clientActor(setup.db);
    await expect(cancelOrder({ actor: stranger, orderId, reason: "Not mine" })).rejects.toThrow(
      "orders:error.notFound",
    );
    await cancelOrder({ actor: client, orderId, reason: "Moving to a care home" });
    expect(await orderRow(orderId)).toMatchObject({
      status: "cancelled",
      cancelledBy: client.id,
      cancelledByRole: "client",
      cancelReason: "Moving to a care home",
    });
    const left = await setup.db
      .select()
      .from(visits)
      .where(and(eq(visits.orderId, orderId), eq(visits.status, "scheduled")));
    expect(left).toEqual([]);
    const cancelMails = (await deliveredOutbox()).filter(
      (mail) => mail.subject === `Care order ${orderNumber} was cancelled`,
    );
    expect(cancelMails).toHaveLength(2);
    await expect(cancelOrder({ actor: client, orderId, reason: "Again" })).rejects.toThrow(
      "orders:refusals.alreadyCancelled",
    );
  });
});
