import { addDays, format } from "date-fns";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { assignCaregiver } from "~/features/orders/assign-caregiver.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { DOUBLE_BOOKING_MESSAGE } from "~/features/orders/order-helpers";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { createTestDatabase, type TestDatabase } from "./db";
import { createDataDir, useTestEnv } from "./env";

// Concurrent accepts against PostgreSQL: each call below runs on its own
// pooled connection at the same moment. The order row lock and the visits
// exclusion constraint must let exactly one through every time.

const ROUNDS = 5;
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });

function dayAfterMonday(offset: number) {
  return format(addDays(new Date(upcomingMonday(2)), offset), "yyyy-MM-dd");
}

describe("concurrent accepts", () => {
  let testDb: TestDatabase;
  let removeDataDir: () => Promise<void>;
  let client: Awaited<ReturnType<typeof clientActor>>;
  let admin: { id: string; roles: "admin"[] };
  beforeAll(async () => {
    const dataDir = await createDataDir();
    removeDataDir = dataDir.remove;
    useTestEnv({ DATA_DIR: dataDir.dir });
    testDb = await createTestDatabase({ poolSize: 12 });
    client = await clientActor(testDb.db);
    admin = { ...(await createUser(testDb.db, { roles: ["admin"] })), roles: ["admin"] };
  });
  afterAll(async () => {
    await testDb?.drop();
    await removeDataDir?.();
  });

  test("one caregiver accepting two overlapping orders at once: exactly one is confirmed", async () => {
    const caregiver = await caregiverNear(testDb.db);
    for (let round = 0; round < ROUNDS; round += 1) {
      const date = dayAfterMonday(round);
      // Overlapping, not identical: 09:00-13:00 and 11:00-15:00.
      const one = await submitCareRequest({ actor: client, request: oneTimeRequest(date, "09:00", "13:00") });
      const two = await submitCareRequest({ actor: client, request: oneTimeRequest(date, "11:00", "15:00") });
      await chooseCaregiver({ actor: client, orderId: one.orderId, caregiverId: caregiver.id });
      await chooseCaregiver({ actor: client, orderId: two.orderId, caregiverId: caregiver.id });

      const results = await Promise.allSettled([
        respondToOffer({ actor: asCaregiver(caregiver.id), orderId: one.orderId, accept: true }),
        respondToOffer({ actor: asCaregiver(caregiver.id), orderId: two.orderId, accept: true }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((result) => result.status === "rejected");
      expect((refused as PromiseRejectedResult).reason.message).toBe(DOUBLE_BOOKING_MESSAGE.key);

      const confirmed = await testDb.db
        .select()
        .from(orders)
        .where(and(eq(orders.caregiverId, caregiver.id), eq(orders.status, "confirmed")));
      expect(confirmed).toHaveLength(round + 1);
      const booked = await testDb.db
        .select()
        .from(visits)
        .where(and(eq(visits.caregiverId, caregiver.id), ne(visits.status, "cancelled")));
      expect(booked).toHaveLength(round + 1);
    }
  });

  test("two caregivers taking one order at once (the offered one accepts while an admin offers it to another): exactly one gets it", async () => {
    const offered = await caregiverNear(testDb.db);
    const assigned = await caregiverNear(testDb.db);
    const winners = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { orderId } = await submitCareRequest({
        actor: client,
        request: oneTimeRequest(dayAfterMonday(round), "14:00", "17:00"),
      });
      await chooseCaregiver({ actor: client, orderId, caregiverId: offered.id });
      const results = await Promise.allSettled([
        respondToOffer({ actor: asCaregiver(offered.id), orderId, accept: true }),
        assignCaregiver({ actor: admin, orderId, caregiverId: assigned.id, reason: "Knows the family" }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      // The admin's offer by hand still waits for that caregiver's accept.
      if (results[1].status === "fulfilled") {
        await respondToOffer({ actor: asCaregiver(assigned.id), orderId, accept: true });
      }
      const [order] = await testDb.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.status).toBe("confirmed");
      const winner = results[0].status === "fulfilled" ? offered.id : assigned.id;
      expect(order?.caregiverId).toBe(winner);
      winners.add(winner);
      const booked = await testDb.db.select().from(visits).where(eq(visits.orderId, orderId));
      expect(booked.map((visit) => visit.caregiverId)).toEqual([winner]);
    }
    expect(winners.size).toBeGreaterThan(0);
  });

  test("the same accept sent five times at once confirms the order once", async () => {
    const caregiver = await caregiverNear(testDb.db);
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(dayAfterMonday(1), "08:00", "11:00"),
    });
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await testDb.db.select().from(visits).where(eq(visits.orderId, orderId))).toHaveLength(1);
  });

  test("the database itself refuses overlapping visits of one caregiver", async () => {
    const caregiver = await caregiverNear(testDb.db);
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(dayAfterMonday(3), "09:00", "10:00"),
    });
    const start = new Date(`${dayAfterMonday(3)}T15:00:00Z`);
    const end = new Date(start.getTime() + 2 * 60 * 60 * 1000);
    await testDb.db.insert(visits).values({ orderId, caregiverId: caregiver.id, startsAt: start, endsAt: end });
    const overlapping = testDb.db.insert(visits).values({
      orderId,
      caregiverId: caregiver.id,
      startsAt: new Date(start.getTime() + 60 * 60 * 1000),
      endsAt: new Date(end.getTime() + 60 * 60 * 1000),
    });
    await expect(overlapping).rejects.toMatchObject({ cause: { code: "23P01" } });
    // A cancelled visit does not block the time.
    await testDb.db.update(visits).set({ status: "cancelled" }).where(eq(visits.caregiverId, caregiver.id));
    await testDb.db.insert(visits).values({
      orderId,
      caregiverId: caregiver.id,
      startsAt: new Date(start.getTime() + 60 * 60 * 1000),
      endsAt: new Date(end.getTime() + 60 * 60 * 1000),
    });
  });
});
