import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { careRequests, orderEvents, orders, visitEvents, visits } from "~/db/schema";
import { completeFinishedOrders, recordCheck, type CheckInput } from "~/features/visits/check-in.server";
import type { Verification } from "~/features/visits/visit-rules";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear } from "./care-loop-helpers";
import { bookCare, minutesAfter, type BookedCare } from "./visit-helpers";

const setup = useAuthTestSetup();

async function addressOf(orderId: string) {
  const [row] = await setup.db
    .select({ latitude: careRequests.latitude, longitude: careRequests.longitude })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  return row!;
}

async function visitRow(visitId: string) {
  const [row] = await setup.db.select().from(visits).where(eq(visits.id, visitId));
  return row!;
}

async function orderStatus(orderId: string) {
  const [row] = await setup.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

async function eventsOf(visitId: string) {
  return setup.db.select().from(visitEvents).where(eq(visitEvents.visitId, visitId)).orderBy(asc(visitEvents.id));
}

/** A check by the booked caregiver, `minutes` after the visit's start by the device's clock, heard `delay` minutes later. */
function check(
  care: BookedCare,
  kind: CheckInput["kind"],
  minutes: number,
  verification: Verification,
  options: { delay?: number; clientEventId?: string; visitId?: string; actorId?: string } = {},
): CheckInput {
  const occurredAt = minutesAfter(care.visit.startsAt, minutes);
  return {
    actor: { id: options.actorId ?? care.caregiver.id },
    visitId: options.visitId ?? care.visit.id,
    kind,
    clientEventId: options.clientEventId ?? randomUUID(),
    occurredAt,
    verification,
    now: minutesAfter(occurredAt, options.delay ?? 0),
  };
}

describe("check-in and check-out", () => {
  let care: BookedCare;
  let atAddress: Verification;
  beforeAll(async () => {
    care = await bookCare(setup.db, { lastName: "Checks" });
    const address = await addressOf(care.orderId);
    atAddress = { method: "location", latitude: address.latitude, longitude: address.longitude, accuracyMeters: 12 };
  });

  test("check-in opens the set window before the start; earlier is refused and changes nothing", async () => {
    await expect(recordCheck(check(care, "check_in", -61, atAddress))).rejects.toMatchObject({
      code: "conflict",
      reason: "too-early",
    });
    await expect(recordCheck(check(care, "check_out", 5, atAddress))).rejects.toMatchObject({
      reason: "not-checked-in",
    });
    expect((await visitRow(care.visit.id)).status).toBe("scheduled");
    expect(await eventsOf(care.visit.id)).toHaveLength(0);
  });

  test("the first check-in keeps the device's time, its location and distance, and starts the order", async () => {
    const input = check(care, "check_in", -5, atAddress, { delay: 1 });
    const result = await recordCheck(input);
    expect(result).toMatchObject({ kind: "check_in", method: "location", isLateSync: false, isRepeat: false });
    const visit = await visitRow(care.visit.id);
    expect(visit.status).toBe("checked_in");
    expect(visit.checkedInAt?.getTime()).toBe(input.occurredAt.getTime());
    const [event] = await eventsOf(care.visit.id);
    expect(event).toMatchObject({ kind: "check_in", method: "location", accuracyMeters: 12, distanceMeters: 0 });
    expect(event!.occurredAt.getTime()).toBe(input.occurredAt.getTime());
    expect(await orderStatus(care.orderId)).toBe("in_progress");
    const [moved] = await setup.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, care.orderId), eq(orderEvents.toStatus, "in_progress")));
    expect(moved).toMatchObject({ fromStatus: "confirmed", actorRole: "caregiver", actorId: care.caregiver.id });

    await expect(recordCheck(check(care, "check_in", -4, atAddress))).rejects.toMatchObject({
      reason: "already-checked-in",
    });
  });

  test("a repeated sync answers as the first did; an id reused for another event is refused", async () => {
    const first = check(care, "check_out", 200, atAddress, { delay: 2 });
    const [a, b] = await Promise.all([recordCheck(first), recordCheck(first)]);
    expect([a.isRepeat, b.isRepeat].toSorted()).toEqual([false, true]);
    const again = await recordCheck({ ...first, now: minutesAfter(first.occurredAt, 30) });
    expect(again).toMatchObject({ isRepeat: true, kind: "check_out", visitStatus: "completed" });
    const events = await eventsOf(care.visit.id);
    expect(events.map((event) => event.kind)).toEqual(["check_in", "check_out"]);
    expect((await visitRow(care.visit.id)).checkedOutAt?.getTime()).toBe(first.occurredAt.getTime());
    await expect(
      recordCheck({ ...first, kind: "check_in", now: minutesAfter(first.occurredAt, 31) }),
    ).rejects.toMatchObject({ reason: "id-reused" });
  });

  test("the last visit's check-out completes a one-time order", async () => {
    expect(await orderStatus(care.orderId)).toBe("completed");
    await expect(recordCheck(check(care, "check_in", 10, atAddress))).rejects.toMatchObject({
      reason: "already-checked-in",
    });
  });
});

describe("fallbacks, offline syncs and refusals", () => {
  test("the family's code or a typed reason confirms the visit when location is refused", async () => {
    const care = await bookCare(setup.db, { lastName: "Fallback" });
    await expect(
      recordCheck(
        check(care, "check_in", 0, { method: "code", code: care.visit.familyCode === "000000" ? "111111" : "000000" }),
      ),
    ).rejects.toMatchObject({ code: "invalid", reason: "wrong-code", field: "code" });
    await expect(recordCheck(check(care, "check_in", 0, { method: "reason", reason: "   " }))).rejects.toMatchObject({
      reason: "reason-needed",
    });
    expect(await eventsOf(care.visit.id)).toHaveLength(0);
    await recordCheck(check(care, "check_in", 0, { method: "code", code: care.visit.familyCode }));
    await recordCheck(check(care, "check_out", 240, { method: "reason", reason: "Location is off on my phone" }));
    const events = await eventsOf(care.visit.id);
    expect(events.map((event) => [event.kind, event.method, event.latitude, event.reason])).toEqual([
      ["check_in", "code", null, null],
      ["check_out", "reason", null, "Location is off on my phone"],
    ]);
  });

  test("an offline check-in synced later keeps its time and is marked a late sync; past the window it is refused", async () => {
    const care = await bookCare(setup.db, { lastName: "Offline" });
    const address = await addressOf(care.orderId);
    const here: Verification = { method: "location", latitude: address.latitude, longitude: address.longitude };
    // Three days and a minute later: beyond the 72-hour window, nothing is recorded.
    await expect(recordCheck(check(care, "check_in", 2, here, { delay: 72 * 60 + 1 }))).rejects.toMatchObject({
      code: "conflict",
      reason: "sync-too-late",
    });
    expect((await visitRow(care.visit.id)).status).toBe("scheduled");
    // Two hours later: accepted, with the device's time, flagged as a late sync (over 60 minutes).
    const late = check(care, "check_in", 2, here, { delay: 120 });
    expect(await recordCheck(late)).toMatchObject({ isLateSync: true });
    expect((await visitRow(care.visit.id)).checkedInAt?.getTime()).toBe(late.occurredAt.getTime());
    // A device clock ahead of ours by more than two minutes is refused.
    await expect(
      recordCheck({ ...check(care, "check_out", 100, here), now: minutesAfter(care.visit.startsAt, 97) }),
    ).rejects.toMatchObject({ reason: "future" });
    // Check-out before check-in (a confused clock) is refused.
    await expect(recordCheck(check(care, "check_out", 1, here))).rejects.toMatchObject({ reason: "out-before-in" });
  });

  test("a missed visit still takes a check-in made before its end; not one made after", async () => {
    const care = await bookCare(setup.db, { lastName: "Missed" });
    await setup.db.update(visits).set({ status: "missed" }).where(eq(visits.id, care.visit.id));
    await expect(
      recordCheck(check(care, "check_in", 241, { method: "reason", reason: "No signal" })),
    ).rejects.toMatchObject({
      reason: "ended",
    });
    const result = await recordCheck(
      check(care, "check_in", 3, { method: "reason", reason: "No signal" }, { delay: 300 }),
    );
    expect(result).toMatchObject({ visitStatus: "checked_in", isLateSync: true });
    const [event] = await eventsOf(care.visit.id);
    expect(event!.data).toEqual({ wasMissed: true });
  });

  test("a sync for a visit given to a backup meanwhile is refused with its reason; other caregivers see nothing", async () => {
    const care = await bookCare(setup.db, { lastName: "Reassigned" });
    const backup = await caregiverNear(setup.db, { lastName: "Backup" });
    await setup.db
      .update(visits)
      .set({ caregiverId: backup.id, originalCaregiverId: care.caregiver.id })
      .where(eq(visits.id, care.visit.id));
    await expect(
      recordCheck(check(care, "check_in", 1, { method: "reason", reason: "No signal" }, { delay: 40 })),
    ).rejects.toMatchObject({ code: "conflict", reason: "reassigned" });
    const stranger = await caregiverNear(setup.db, { lastName: "Stranger" });
    await expect(
      recordCheck(check(care, "check_in", 1, { method: "reason", reason: "x" }, { actorId: stranger.id })),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      recordCheck(check(care, "check_in", 1, { method: "reason", reason: "x" }, { visitId: randomUUID() })),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await eventsOf(care.visit.id)).toHaveLength(0);
    // The backup's own check-in is recorded.
    await recordCheck(check(care, "check_in", 1, { method: "reason", reason: "No signal" }, { actorId: backup.id }));
    expect((await visitRow(care.visit.id)).status).toBe("checked_in");
  });

  test("a location far from the address is recorded with its distance", async () => {
    const care = await bookCare(setup.db, { lastName: "Far" });
    const address = await addressOf(care.orderId);
    await recordCheck(
      check(care, "check_in", 0, {
        method: "location",
        latitude: address.latitude + 0.05,
        longitude: address.longitude,
      }),
    );
    const [event] = await eventsOf(care.visit.id);
    // 0.05 degrees of latitude is about 5.6 km.
    expect(event!.distanceMeters).toBeGreaterThan(5_000);
    expect(event!.distanceMeters).toBeLessThan(6_000);
  });
});

describe("recurring orders", () => {
  test("a check-out with visits still to come leaves the order in progress; the schedule's end completes it", async () => {
    const care = await bookCare(setup.db, { recurring: true, lastName: "Recurring" });
    const reason: Verification = { method: "reason", reason: "GPS off" };
    await recordCheck(check(care, "check_in", 0, reason));
    await recordCheck(check(care, "check_out", 240, reason));
    expect(await orderStatus(care.orderId)).toBe("in_progress");
    const last = care.visits.at(-1)!;
    // The schedule has not ended yet: nothing to complete.
    expect(await completeFinishedOrders(minutesAfter(last.endsAt, 60))).toBe(0);
    await setup.db.update(visits).set({ status: "missed" }).where(eq(visits.orderId, care.orderId));
    await setup.db.update(visits).set({ status: "completed" }).where(eq(visits.id, care.visit.id));
    // 100 days on, past the request's end date (90 days after its start), all visits done: completed.
    expect(await completeFinishedOrders(minutesAfter(care.visit.startsAt, 100 * 24 * 60))).toBe(1);
    expect(await orderStatus(care.orderId)).toBe("completed");
  });
});
