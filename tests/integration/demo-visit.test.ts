import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { careRequests, orders } from "~/platform/db/schema";
import { recordCheck } from "~/features/visits/check-in.server";
import { bookVisitSoon, firstFreeStart } from "~/features/visits/demo-visit.server";
import { localDateIn, zonedInstant } from "~/utils/datetime";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear, clientActor } from "./care-loop-helpers";

const setup = useAuthTestSetup();
const CHICAGO = "America/Chicago";

describe("a demo visit (npm run demo:visit)", () => {
  test("is booked through the real flow, starts in the minutes asked, reads as today's, and can be checked in", async () => {
    const client = await clientActor(setup.db);
    const caregiver = await caregiverNear(setup.db, { lastName: "Demo" });
    // 10:00:30 in Chicago today: the visit starts at 10:16 (the next whole minute after 15 minutes).
    const now = zonedInstant(localDateIn(CHICAGO), "10:00", CHICAGO);
    now.setSeconds(30);
    const booked = await bookVisitSoon({ client, caregiverId: caregiver.id, recipientName: "Rosa Morgan", now });
    expect(booked.visit.startsAt.getTime() - now.getTime()).toBe(15 * 60_000 + 30_000);
    expect(booked.visit.endsAt.getTime() - booked.visit.startsAt.getTime()).toBe(120 * 60_000);
    const [row] = await setup.db
      .select({ order: orders, request: careRequests })
      .from(orders)
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(orders.id, booked.orderId));
    expect(row!.order).toMatchObject({ status: "confirmed", caregiverId: caregiver.id });
    const today = localDateIn(row!.request.timeZone, booked.visit.startsAt);
    expect(row!.request.startDate).toBe(today);
    expect(row!.request.request).toMatchObject({
      startDate: today,
      startTime: "10:16",
      endTime: "12:16",
      scheduleType: "one-time",
    });

    const result = await recordCheck({
      actor: { id: caregiver.id },
      visitId: booked.visit.id,
      kind: "check_in",
      clientEventId: randomUUID(),
      occurredAt: now,
      now,
      verification: { method: "reason", reason: "Trying the demo" },
    });
    expect(result.visitStatus).toBe("checked_in");

    // A second one for the same caregiver while the first is under way is booked after it, back to back.
    const second = await bookVisitSoon({ client, caregiverId: caregiver.id, recipientName: "Rosa Morgan", now });
    expect(second.isLaterThanAsked).toBe(true);
    expect(second.visit.startsAt).toEqual(booked.visit.endsAt);
    expect(second.visit.endsAt.getTime() - second.visit.startsAt.getTime()).toBe(120 * 60_000);
  });

  test("a completed visit does not hold the caregiver's time: the next one starts 15 minutes from now", async () => {
    const client = await clientActor(setup.db);
    const caregiver = await caregiverNear(setup.db, { lastName: "Demo" });
    const now = zonedInstant(localDateIn(CHICAGO), "09:00", CHICAGO);
    const first = await bookVisitSoon({ client, caregiverId: caregiver.id, recipientName: "Rosa Morgan", now });
    const check = (kind: "check_in" | "check_out", at: Date, shortReason?: string) =>
      recordCheck({
        actor: { id: caregiver.id },
        visitId: first.visit.id,
        kind,
        clientEventId: randomUUID(),
        occurredAt: at,
        now: at,
        verification: { method: "reason", reason: "Trying the demo" },
        shortReason,
      });
    await check("check_in", new Date(now.getTime() + 60_000));
    await check("check_out", new Date(now.getTime() + 5 * 60_000), "Only trying the demo");

    const later = new Date(now.getTime() + 10 * 60_000);
    const next = await bookVisitSoon({ client, caregiverId: caregiver.id, recipientName: "Rosa Morgan", now: later });
    expect(next.isLaterThanAsked).toBe(false);
    expect(next.visit.startsAt.getTime()).toBe(later.getTime() + 15 * 60_000);
  });

  test("with the caregiver busy until too late in the day, it refuses and books nothing", async () => {
    const client = await clientActor(setup.db);
    const caregiver = await caregiverNear(setup.db, { lastName: "Demo" });
    const today = localDateIn(CHICAGO);
    const evening = zonedInstant(today, "21:00", CHICAGO);
    // A visit from 21:15 to 23:15: the next free two hours, from 23:15, would run past midnight.
    await bookVisitSoon({ client, caregiverId: caregiver.id, recipientName: "Rosa Morgan", now: evening });
    const ordersBefore = await setup.db.select({ id: orders.id }).from(orders);
    await expect(
      bookVisitSoon({
        client,
        caregiverId: caregiver.id,
        recipientName: "Rosa Morgan",
        now: zonedInstant(today, "21:05", CHICAGO),
      }),
    ).rejects.toThrow("visits:refusal.demoTooLate");
    expect(await setup.db.select({ id: orders.id }).from(orders)).toHaveLength(ordersBefore.length);
  });
});

const at = (time: string) => zonedInstant("2026-12-02", time, CHICAGO);
const twoHours = 120 * 60_000;

describe("the next free start", () => {
  test("is the time asked when nothing clashes, and after each clash in turn otherwise", () => {
    expect(firstFreeStart(at("10:00"), twoHours, [])).toEqual(at("10:00"));
    expect(firstFreeStart(at("10:00"), twoHours, [{ startsAt: at("12:00"), endsAt: at("13:00") }])).toEqual(
      at("10:00"),
    );
    expect(
      firstFreeStart(at("10:00"), twoHours, [
        { startsAt: at("13:30"), endsAt: at("14:00") },
        { startsAt: at("09:00"), endsAt: at("10:30") },
        { startsAt: at("11:00"), endsAt: at("11:45") },
      ]),
    ).toEqual(at("14:00"));
  });
});
