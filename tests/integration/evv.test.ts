import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { orderEvents, orders, visitEvents, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { editVisitTimes } from "~/features/evv/edit-visit-times.server";
import { listVisitExceptions } from "~/features/evv/exceptions.server";
import { exportVisits, visitsCsv } from "~/features/evv/export.server";
import { serviceLabel } from "~/utils/services";
import { formatInZone, localDateIn } from "~/utils/datetime";
import { useAuthTestSetup } from "./auth-env";
import { bookedVisit, checkEvent, hoursAgo, setVisit } from "./evv-helpers";

// EVV (docs/product-rules.md, "Visits"): the exceptions queue finds each kind
// of exception, an admin corrects a visit's times with a reason, and the
// export gives the visits of a range with their six facts.

const setup = useAuthTestSetup();
const ZONE = "America/Chicago";
const localInput = (date: Date) => formatInZone(date, ZONE, "yyyy-MM-dd'T'HH:mm");

let admin: { id: string; roles: "admin"[] };

beforeAll(async () => {
  admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
});

async function queue(kind?: Parameters<typeof listVisitExceptions>[0]["kind"]) {
  const list = await listVisitExceptions({ actor: admin, kind });
  return new Map(list.exceptions.map((row) => [row.visitId, row]));
}

describe("the exceptions queue", () => {
  test("a visit still checked in well after its end has no check-out; one that just ended does not yet", async () => {
    const open = await bookedVisit(setup.db);
    await setVisit(setup.db, open.visitId, hoursAgo(6), { status: "checked_in", checkedInAt: hoursAgo(6) });
    await checkEvent(setup.db, open.visitId, open.caregiver.id, { kind: "check_in", occurredAt: hoursAgo(6) });
    const recent = await bookedVisit(setup.db);
    // Ended 20 minutes ago: the phone has the late-sync threshold (60 minutes) to send its check-out.
    await setVisit(setup.db, recent.visitId, hoursAgo(4 + 1 / 3), {
      status: "checked_in",
      checkedInAt: hoursAgo(4.3),
    });

    const rows = await queue();
    expect(rows.get(open.visitId)).toMatchObject({
      kinds: ["no_check_out"],
      orderNumber: open.orderNumber,
      timeZone: ZONE,
      caregiverName: expect.stringMatching(/^Elena /),
      services: ["personal-care"],
    });
    expect(rows.has(recent.visitId)).toBe(false);
  });

  test("a check-in far from the address is an exception with its distance; one within the tolerance is not", async () => {
    const far = await bookedVisit(setup.db);
    await setVisit(setup.db, far.visitId, hoursAgo(30), {
      status: "completed",
      checkedInAt: hoursAgo(30),
      checkedOutAt: hoursAgo(26),
    });
    await checkEvent(setup.db, far.visitId, far.caregiver.id, {
      kind: "check_in",
      occurredAt: hoursAgo(30),
      distanceMeters: 1_240,
    });
    await checkEvent(setup.db, far.visitId, far.caregiver.id, { kind: "check_out", occurredAt: hoursAgo(26) });
    const near = await bookedVisit(setup.db);
    await setVisit(setup.db, near.visitId, hoursAgo(30), {
      status: "completed",
      checkedInAt: hoursAgo(30),
      checkedOutAt: hoursAgo(26),
    });
    await checkEvent(setup.db, near.visitId, near.caregiver.id, {
      kind: "check_in",
      occurredAt: hoursAgo(30),
      distanceMeters: 480,
    });

    const rows = await queue();
    expect(rows.get(far.visitId)).toMatchObject({ kinds: ["far_location"], farthestMeters: 1_240 });
    expect(rows.has(near.visitId)).toBe(false);
  });

  test("a late sync is an exception with the minutes it came late; the kind filter shows only that kind", async () => {
    const late = await bookedVisit(setup.db);
    await setVisit(setup.db, late.visitId, hoursAgo(50), {
      status: "completed",
      checkedInAt: hoursAgo(50),
      checkedOutAt: hoursAgo(46),
    });
    await checkEvent(setup.db, late.visitId, late.caregiver.id, {
      kind: "check_out",
      occurredAt: hoursAgo(46),
      recordedAt: new Date(hoursAgo(46).getTime() + 95 * 60_000),
      isLateSync: true,
    });

    expect((await queue()).get(late.visitId)).toMatchObject({ kinds: ["late_sync"], minutesLate: 95 });
    const onlyLate = await queue("late_sync");
    expect(onlyLate.has(late.visitId)).toBe(true);
    expect([...onlyLate.values()].every((row) => row.kinds.includes("late_sync"))).toBe(true);
    expect((await queue("far_location")).has(late.visitId)).toBe(false);
  });

  test("pages the queue newest visit first, counted as it is paged; a page past the end is the last", async () => {
    // Four more late syncs, a day apart, so that the queue holds at least five.
    for (const hours of [30, 54, 78, 102]) {
      const late = await bookedVisit(setup.db);
      await setVisit(setup.db, late.visitId, hoursAgo(hours), {
        status: "completed",
        checkedInAt: hoursAgo(hours),
        checkedOutAt: hoursAgo(hours - 4),
      });
      await checkEvent(setup.db, late.visitId, late.caregiver.id, {
        kind: "check_in",
        occurredAt: hoursAgo(hours),
        recordedAt: hoursAgo(hours - 3),
        isLateSync: true,
      });
    }
    const whole = await listVisitExceptions({ actor: admin, perPage: 100 });
    const ids = whole.exceptions.map((row) => row.visitId);
    expect(whole.total).toBe(ids.length);
    expect(whole.total).toBeGreaterThanOrEqual(5);
    const starts = whole.exceptions.map((row) => row.startsAt.getTime());
    expect(starts).toEqual(starts.toSorted((a, b) => b - a));
    const pageCount = Math.ceil(whole.total / 2);

    const second = await listVisitExceptions({ actor: admin, perPage: 2, page: 2 });
    expect(second).toMatchObject({ total: whole.total, page: 2, pageCount });
    expect(second.exceptions.map((row) => row.visitId)).toEqual(ids.slice(2, 4));
    const pastTheEnd = await listVisitExceptions({ actor: admin, perPage: 2, page: 999 });
    expect(pastTheEnd).toMatchObject({ total: whole.total, page: pageCount, pageCount });
    expect(pastTheEnd.exceptions.map((row) => row.visitId)).toEqual(ids.slice((pageCount - 1) * 2));
    // One kind pages the same way.
    const lateOnly = await listVisitExceptions({ actor: admin, kind: "late_sync", perPage: 1, page: 999 });
    expect(lateOnly.page).toBe(lateOnly.total);
    expect(lateOnly.exceptions).toHaveLength(1);
  });

  test("only an admin sees the queue", async () => {
    const caregiver = await createUser(setup.db, { roles: ["caregiver"] });
    await expect(listVisitExceptions({ actor: { id: caregiver.id, roles: ["caregiver"] } })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("correcting a visit's times", () => {
  test("writes the times, completes the visit, starts the order and keeps the before, after and reason", async () => {
    const visit = await bookedVisit(setup.db);
    const startsAt = hoursAgo(8);
    await setVisit(setup.db, visit.visitId, startsAt, { status: "checked_in", checkedInAt: startsAt });
    const checkIn = new Date(startsAt.getTime() + 5 * 60_000);
    const checkOut = new Date(startsAt.getTime() + 4 * 3_600_000);

    const result = await editVisitTimes({
      actor: admin,
      visitId: visit.visitId,
      checkedInAt: localInput(checkIn),
      checkedOutAt: localInput(checkOut),
      reason: "The caregiver's phone died; the family confirmed 4 hours.",
    });
    expect(result.status).toBe("completed");

    const [row] = await setup.db.select().from(visits).where(eq(visits.id, visit.visitId));
    // datetime-local has minutes: the seconds of the original are dropped.
    expect(row!.checkedInAt!.toISOString()).toBe(
      new Date(Math.floor(checkIn.getTime() / 60_000) * 60_000).toISOString(),
    );
    expect(row!.checkedOutAt!.toISOString()).toBe(
      new Date(Math.floor(checkOut.getTime() / 60_000) * 60_000).toISOString(),
    );
    expect(row!.status).toBe("completed");

    const [event] = await setup.db
      .select()
      .from(visitEvents)
      .where(and(eq(visitEvents.visitId, visit.visitId), eq(visitEvents.kind, "times_edited")));
    expect(event).toMatchObject({
      actorId: admin.id,
      actorRole: "admin",
      reason: "The caregiver's phone died; the family confirmed 4 hours.",
      data: {
        before: { checkedInAt: startsAt.toISOString(), checkedOutAt: null, status: "checked_in" },
        after: {
          checkedInAt: row!.checkedInAt!.toISOString(),
          checkedOutAt: row!.checkedOutAt!.toISOString(),
          status: "completed",
        },
      },
    });

    const [order] = await setup.db.select().from(orders).where(eq(orders.id, visit.orderId));
    expect(order!.status).toBe("in_progress");
    const moves = await setup.db.select().from(orderEvents).where(eq(orderEvents.orderId, visit.orderId));
    expect(moves.at(-1)).toMatchObject({
      toStatus: "in_progress",
      actorRole: "admin",
      actorId: admin.id,
      wording: { key: "visitTimesCorrected", values: {} },
      note: null,
    });

    // Now an edited visit, no longer one without a check-out.
    expect((await queue()).get(visit.visitId)?.kinds).toEqual(["times_edited"]);
    expect((await queue()).get(visit.visitId)?.editReason).toBe(
      "The caregiver's phone died; the family confirmed 4 hours.",
    );
  });

  test("refuses a missing reason, a check-out before the check-in, future times, a cancelled visit and a non-admin", async () => {
    const visit = await bookedVisit(setup.db);
    const startsAt = hoursAgo(8);
    await setVisit(setup.db, visit.visitId, startsAt, { status: "checked_in", checkedInAt: startsAt });
    const input = {
      actor: admin,
      visitId: visit.visitId,
      checkedInAt: localInput(startsAt),
      checkedOutAt: localInput(hoursAgo(5)),
      reason: "Forgot to check out",
    };
    await expect(editVisitTimes({ ...input, reason: "  " })).rejects.toMatchObject({
      code: "invalid",
      message: "evv:messages.editReason",
    });
    await expect(editVisitTimes({ ...input, checkedOutAt: localInput(hoursAgo(9)) })).rejects.toMatchObject({
      code: "invalid",
      message: "evv:messages.editOrder",
    });
    await expect(editVisitTimes({ ...input, checkedOutAt: localInput(hoursAgo(-2)) })).rejects.toMatchObject({
      code: "invalid",
      message: "evv:messages.editFuture",
    });
    await expect(
      editVisitTimes({ ...input, actor: { id: visit.caregiver.id, roles: ["caregiver"] } as never }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(editVisitTimes({ ...input, visitId: "5f0c6c1e-8d1a-4c36-9b8e-2f3a4b5c6d7e" })).rejects.toMatchObject({
      code: "not_found",
    });

    const [unchanged] = await setup.db.select().from(visits).where(eq(visits.id, visit.visitId));
    expect(unchanged).toMatchObject({ status: "checked_in", checkedOutAt: null });
    const edits = await setup.db
      .select()
      .from(visitEvents)
      .where(and(eq(visitEvents.visitId, visit.visitId), eq(visitEvents.kind, "times_edited")));
    expect(edits).toEqual([]);

    await setVisit(setup.db, visit.visitId, startsAt, { status: "cancelled" });
    await expect(editVisitTimes(input)).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("the export", () => {
  test("gives each visit of the range, by its local date, with the six facts, and nothing outside it", async () => {
    const inside = await bookedVisit(setup.db, { clientFirstName: "=HYPERLINK(1)", fullName: "Rosa Diaz" });
    // 23:30 in Chicago is already the next day in UTC: the local date decides.
    const lateEvening = new Date("2026-10-14T04:30:00Z");
    expect(localDateIn(ZONE, lateEvening)).toBe("2026-10-13");
    await setVisit(
      setup.db,
      inside.visitId,
      lateEvening,
      {
        status: "completed",
        checkedInAt: new Date("2026-10-14T04:32:00Z"),
        checkedOutAt: new Date("2026-10-14T05:25:00Z"),
      },
      1,
    );
    await checkEvent(setup.db, inside.visitId, inside.caregiver.id, {
      kind: "check_in",
      occurredAt: new Date("2026-10-14T04:32:00Z"),
    });
    await checkEvent(setup.db, inside.visitId, inside.caregiver.id, {
      kind: "check_out",
      occurredAt: new Date("2026-10-14T05:25:00Z"),
      method: "reason",
      latitude: null,
      longitude: null,
      distanceMeters: null,
      reason: "Location refused",
    });
    const outside = await bookedVisit(setup.db);
    await setVisit(setup.db, outside.visitId, new Date("2026-10-14T15:00:00Z"), { status: "completed" });

    const rows = await exportVisits({ actor: admin, from: "2026-10-01", to: "2026-10-13" });
    expect(rows.map((row) => row.visitId)).toContain(inside.visitId);
    expect(rows.map((row) => row.visitId)).not.toContain(outside.visitId);
    const row = rows.find((each) => each.visitId === inside.visitId)!;
    expect(row).toMatchObject({
      orderNumber: inside.orderNumber,
      date: "2026-10-13",
      timeZone: ZONE,
      services: ["personal-care"],
      careRecipient: "Rosa Diaz",
      caregiverName: expect.stringMatching(/^Elena /),
      clientName: expect.stringMatching(/^=HYPERLINK\(1\) /),
      checkIn: { method: "location", latitude: 41.9242, longitude: -87.6469, distanceMeters: 35 },
      checkOut: { method: "reason", latitude: null },
      address: "2400 N Clark St, Apt 5, Chicago, IL, 60614",
    });

    const csv = visitsCsv(rows, serviceLabel);
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toMatch(/^order_number,visit_id,status,services,client,care_recipient,caregiver,date,time_zone,/);
    const line = lines.find((each) => each.includes(inside.visitId))!;
    expect(line).toContain("2026-10-13T23:30:00-05:00");
    expect(line).toContain("2026-10-13T23:32:00-05:00,2026-10-14T00:25:00-05:00,location,41.9242,-87.6469,35,reason");
    expect(line).toContain(`,'=HYPERLINK(1) `);
    expect(line).toContain("Personal Care");

    const after = await exportVisits({ actor: admin, from: "2026-10-14", to: "2026-10-14" });
    expect(after.map((each) => each.visitId)).toEqual([outside.visitId]);
  });

  test("refuses a backward or too long range, and anyone but an admin", async () => {
    await expect(exportVisits({ actor: admin, from: "2026-10-14", to: "2026-10-01" })).rejects.toMatchObject({
      code: "invalid",
      message: "evv:messages.rangeOrder",
    });
    await expect(exportVisits({ actor: admin, from: "2025-01-01", to: "2026-06-01" })).rejects.toMatchObject({
      code: "invalid",
      message: "evv:messages.rangeTooLong",
    });
    const client = await createUser(setup.db, { roles: ["client"] });
    await expect(
      exportVisits({ actor: { id: client.id, roles: ["client"] }, from: "2026-10-01", to: "2026-10-13" }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
