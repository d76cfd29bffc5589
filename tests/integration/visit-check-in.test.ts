import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { careRequests, familyCodeAttempts, jobs, orderEvents, orders, visitEvents, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { completeFinishedOrders } from "~/features/orders/complete-order.server";
import { recordCheck, type CheckInput } from "~/features/visits/check-in.server";
import { FAMILY_CODE_LIMITS, type Verification } from "~/features/visits/visit-rules";
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

/** The order's history event that completed it. */
async function completionOf(orderId: string) {
  const [event] = await setup.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "completed")));
  return event;
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
    expect(moved).toMatchObject({
      fromStatus: "confirmed",
      actorRole: "caregiver",
      actorId: care.caregiver.id,
      wording: { key: "firstVisitCheckedIn", values: {} },
      note: null,
    });

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
    expect(await completionOf(care.orderId)).toMatchObject({
      wording: { key: "lastVisitCheckedOut", values: {} },
      note: null,
    });
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

/** A code that is not this visit's. */
const wrongCode = (visit: { familyCode: string }) => (visit.familyCode === "000000" ? "111111" : "000000");

async function attemptsOn(visitId: string) {
  return setup.db.select().from(familyCodeAttempts).where(eq(familyCodeAttempts.visitId, visitId));
}

/** The notifications queued about this order's closed code, by key. */
async function closedNotices(orderId: string) {
  const rows = await setup.db.select().from(jobs).where(eq(jobs.name, "notifications.deliver"));
  return rows
    .map((row) => row.payload as { userId: string; key: string; actionUrl?: string })
    .filter((payload) => payload.key.startsWith("familyCodeClosed") && payload.actionUrl?.endsWith(orderId));
}

describe("the family's code under guessing", () => {
  test("a few wrong codes close the code for the visit, tell the family and every admin, and the code is no longer compared", async () => {
    const admin = await createUser(setup.db, { roles: ["admin"] });
    const care = await bookCare(setup.db, { lastName: "Guessed" });
    for (let attempt = 1; attempt < FAMILY_CODE_LIMITS.perVisit; attempt += 1) {
      await expect(
        recordCheck(check(care, "check_in", attempt, { method: "code", code: wrongCode(care.visit) })),
      ).rejects.toMatchObject({ code: "invalid", reason: "wrong-code", field: "code" });
    }
    expect(await closedNotices(care.orderId)).toEqual([]);
    // The last wrong code allowed is answered as the closing one, so the caregiver turns to another way at once.
    await expect(
      recordCheck(check(care, "check_in", 10, { method: "code", code: wrongCode(care.visit) })),
    ).rejects.toMatchObject({ code: "conflict", reason: "code-closed", field: "code" });
    expect(await attemptsOn(care.visit.id)).toHaveLength(FAMILY_CODE_LIMITS.perVisit);
    const notices = await closedNotices(care.orderId);
    expect(notices.filter((notice) => notice.key === "familyCodeClosedFamily").map((notice) => notice.userId)).toEqual([
      care.client.id,
    ]);
    expect(notices.filter((notice) => notice.userId === admin.id).map((notice) => notice.key)).toEqual([
      "familyCodeClosedAdmin",
    ]);

    // Even the right code is refused now, without being compared or counted.
    await expect(
      recordCheck(check(care, "check_in", 11, { method: "code", code: care.visit.familyCode })),
    ).rejects.toMatchObject({ reason: "code-closed" });
    expect(await attemptsOn(care.visit.id)).toHaveLength(FAMILY_CODE_LIMITS.perVisit);
    expect(await closedNotices(care.orderId)).toHaveLength(notices.length);
    // The other ways still verify the visit.
    await recordCheck(check(care, "check_in", 12, { method: "reason", reason: "The family's code was refused" }));
    expect((await visitRow(care.visit.id)).status).toBe("checked_in");
  });

  test("twenty guesses at once compare no more codes than the limit, and tell the family once", async () => {
    const care = await bookCare(setup.db, { lastName: "Flooded" });
    const guesses = Array.from({ length: 20 }, (_, index) =>
      recordCheck(
        check(care, "check_in", 1, { method: "code", code: String(100_000 + index * 7919).padStart(6, "0") }),
      ).then(
        () => "recorded",
        (error: { reason?: string }) => error.reason,
      ),
    );
    const answers = await Promise.all(guesses);
    // One of the guesses may be the code itself, if it came before the limit.
    const compared = answers.filter((answer) => answer !== "code-closed");
    expect(compared.length).toBeLessThanOrEqual(FAMILY_CODE_LIMITS.perVisit);
    expect(answers.filter((answer) => answer === "wrong-code")).toHaveLength(FAMILY_CODE_LIMITS.perVisit - 1);
    expect(await attemptsOn(care.visit.id)).toHaveLength(FAMILY_CODE_LIMITS.perVisit);
    const family = (await closedNotices(care.orderId)).filter((notice) => notice.key === "familyCodeClosedFamily");
    expect(family).toHaveLength(1);
  });

  test("a caregiver's wrong codes on several visits close the code on all of them for a day", async () => {
    const care = await bookCare(setup.db, { recurring: true, lastName: "Roving" });
    const [earlier, visit] = care.visits;
    const now = minutesAfter(visit!.startsAt, 1);
    const recentAttempts = (count: number, at: Date) =>
      setup.db.insert(familyCodeAttempts).values(
        Array.from({ length: count }, () => ({
          visitId: earlier!.id,
          caregiverId: care.caregiver.id,
          createdAt: at,
        })),
      );
    const onVisit = (verification: Verification) => ({
      ...check(care, "check_in", 1, verification, { visitId: visit!.id }),
      occurredAt: now,
      now,
    });

    // Wrong codes from more than a day ago no longer count: the right code verifies.
    await recentAttempts(FAMILY_CODE_LIMITS.perCaregiverPerDay, minutesAfter(now, -25 * 60));
    await expect(recordCheck(onVisit({ method: "code", code: wrongCode(visit!) }))).rejects.toMatchObject({
      reason: "wrong-code",
    });
    // With the day's count one short of the limit, one more wrong code on this visit closes it.
    await recentAttempts(FAMILY_CODE_LIMITS.perCaregiverPerDay - 2, minutesAfter(now, -60));
    await expect(recordCheck(onVisit({ method: "code", code: wrongCode(visit!) }))).rejects.toMatchObject({
      reason: "code-closed",
    });
    await expect(recordCheck(onVisit({ method: "code", code: visit!.familyCode }))).rejects.toMatchObject({
      reason: "code-closed",
    });
    expect((await attemptsOn(visit!.id)).length).toBe(2);
    expect((await closedNotices(care.orderId)).some((notice) => notice.key === "familyCodeClosedFamily")).toBe(true);
  });

  test("a code is tried only on a visit that takes the press: too early or already done, nothing is counted", async () => {
    const care = await bookCare(setup.db, { lastName: "Early" });
    await expect(
      recordCheck(check(care, "check_in", -120, { method: "code", code: wrongCode(care.visit) })),
    ).rejects.toMatchObject({ reason: "too-early" });
    await expect(
      recordCheck(check(care, "check_out", 5, { method: "code", code: wrongCode(care.visit) })),
    ).rejects.toMatchObject({ reason: "not-checked-in" });
    expect(await attemptsOn(care.visit.id)).toHaveLength(0);
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
    expect(await completionOf(care.orderId)).toMatchObject({
      actorRole: "system",
      wording: { key: "scheduleEnded", values: {} },
      note: null,
    });
  });
});
