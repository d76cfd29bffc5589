import { addDays, format } from "date-fns";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import {
  careRequests,
  careSettings,
  accountCredits,
  invoiceLines,
  familyMembers,
  invoices,
  orders,
  visitBackupOffers,
  visitEvents,
  visitMoves,
  visits,
} from "~/platform/db/schema";
import { issueInvoices } from "~/features/billing/issue-invoices.server";
import { addTimeOff } from "~/features/visits/time-off.server";
import {
  acceptVisitMove,
  declineVisitMove,
  expireVisitMoves,
  requestVisitMove,
  withdrawVisitMove,
} from "~/features/visits/visit-moves.server";
import type { Quote } from "~/features/pricing/public";
import { AppError } from "~/utils/app-error";
import { formatInZone } from "~/utils/datetime";
import { bookVisitNear, caregiverNear, clientActor, upcomingMonday } from "./care-loop-helpers";
import { notificationsOf, queuedNotificationJobs, useNotificationsDatabase } from "./notifications-helpers";

// Moving a visit (docs/product-rules.md, "Moving a visit"; docs/decisions/0051-moving-a-visit.md): the family asks,
// the caregiver accepts (the visit takes the new times in one transaction) or declines, or the deadline passes
// (the visit at its new time goes to backups, then the admins' queue). Each test books in a city of its own.

const HOUR = 60 * 60_000;
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
/** A weekday (Monday + offset, 0-4) two weeks ahead: inside the caregivers' weekday hours. */
const weekday = (offset: number) => format(addDays(new Date(upcomingMonday(2)), offset), "yyyy-MM-dd");

async function refusal(promise: Promise<unknown>): Promise<{ code: string; key: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected a refusal, got ${String(error)}`);
  return { code: error.code, key: error.ref.key };
}

describe("moving a visit", () => {
  const testDb = useNotificationsDatabase(6);

  async function bookVisit(zip: string, date: string) {
    const booked = await bookVisitNear(testDb.db, zip, date);
    const { client, caregiver } = booked;
    await notificationsOf(client.id);
    await notificationsOf(caregiver.id);
    return booked;
  }

  const visitOf = async (id: string) => (await testDb.db.select().from(visits).where(eq(visits.id, id)))[0]!;
  const moveOf = async (id: string) => (await testDb.db.select().from(visitMoves).where(eq(visitMoves.id, id)))[0]!;

  test("only new times ahead, within the horizon and different are asked; a pending move blocks another", async () => {
    const { client, visit } = await bookVisit("68102", weekday(1));
    const now = new Date(visit.startsAt.getTime() - 3 * 24 * HOUR);
    const ask = (date: string, startTime = "10:00", durationMinutes = 240) =>
      requestVisitMove({ actor: client, input: { visitId: visit.id, date, startTime, durationMinutes }, now });

    expect(await refusal(ask(format(addDays(now, -1), "yyyy-MM-dd")))).toMatchObject({
      code: "invalid",
      key: "visits:moves.errors.future",
    });
    expect(await refusal(ask(format(addDays(now, 70), "yyyy-MM-dd")))).toMatchObject({
      key: "visits:moves.errors.horizon",
    });
    expect(await refusal(ask(weekday(1), "09:00", 240))).toMatchObject({ key: "visits:moves.errors.same" });

    const move = await ask(weekday(2));
    expect(move).toMatchObject({ status: "pending", oldStartsAt: visit.startsAt, isLate: false });
    expect(await refusal(ask(weekday(3)))).toMatchObject({ code: "conflict", key: "visits:moves.errors.pending" });
    // Withdrawn, another may be asked; the visit never changed meanwhile.
    await withdrawVisitMove({ actor: client, moveId: move.id, now });
    expect((await moveOf(move.id)).status).toBe("withdrawn");
    expect((await visitOf(visit.id)).startsAt).toEqual(visit.startsAt);
    expect(await ask(weekday(3))).toMatchObject({ status: "pending" });
  });

  test("nobody but the order's family may move its visit", async () => {
    const { caregiver, visit } = await bookVisit("74103", weekday(1));
    const stranger = await clientActor(testDb.db);
    const input = { visitId: visit.id, date: weekday(2), startTime: "10:00", durationMinutes: 240 };
    expect(await refusal(requestVisitMove({ actor: stranger, input }))).toMatchObject({ code: "not_found" });
    expect(await refusal(requestVisitMove({ actor: asCaregiver(caregiver.id), input }))).toMatchObject({
      code: "forbidden",
    });
    expect(await testDb.db.select().from(visitMoves).where(eq(visitMoves.visitId, visit.id))).toEqual([]);
  });

  test("in the family circle, a manage member moves the visit and a follow member is refused", async () => {
    const { client, visit } = await bookVisit("59101", weekday(1));
    const [order] = await testDb.db
      .select({ careRecipientId: careRequests.careRecipientId })
      .from(orders)
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(orders.id, visit.orderId));
    const join = async (role: "manage" | "follow") => {
      const member = await clientActor(testDb.db);
      await testDb.db
        .insert(familyMembers)
        .values({ careRecipientId: order!.careRecipientId!, userId: member.id, role, addedBy: client.id });
      return member;
    };
    const follower = await join("follow");
    const manager = await join("manage");
    const input = { visitId: visit.id, date: weekday(2), startTime: "10:00", durationMinutes: 240 };
    expect(await refusal(requestVisitMove({ actor: follower, input }))).toMatchObject({ code: "forbidden" });
    const move = await requestVisitMove({ actor: manager, input });
    expect(move).toMatchObject({ status: "pending" });
    expect(await refusal(withdrawVisitMove({ actor: follower, moveId: move.id }))).toMatchObject({
      code: "forbidden",
    });
    await withdrawVisitMove({ actor: manager, moveId: move.id });
    expect((await moveOf(move.id)).status).toBe("withdrawn");
  });

  test("the caregiver accepts: the visit takes the new times, the history keeps both, the family is told", async () => {
    const { client, caregiver, visit, zone } = await bookVisit("83702", weekday(1));
    const now = new Date(visit.startsAt.getTime() - 3 * 24 * HOUR);
    const move = await requestVisitMove({
      actor: client,
      input: { visitId: visit.id, date: weekday(2), startTime: "10:00", durationMinutes: 300 },
      now,
    });
    const asked = (await notificationsOf(caregiver.id)).filter((item) => item.subtype === "visit_move_requested");
    expect(asked).toHaveLength(1);
    expect(asked[0]!.priority).toBe("normal");

    // Someone else's caregiver cannot answer it.
    const other = await caregiverNear(testDb.db, { zipCode: "83702", firstName: "Other" });
    expect(await refusal(acceptVisitMove({ actor: asCaregiver(other.id), moveId: move.id, now }))).toMatchObject({
      code: "not_found",
    });

    await acceptVisitMove({ actor: asCaregiver(caregiver.id), moveId: move.id, now });
    const moved = await visitOf(visit.id);
    expect(formatInZone(moved.startsAt, zone, "yyyy-MM-dd HH:mm")).toBe(`${weekday(2)} 10:00`);
    expect(moved.endsAt.getTime() - moved.startsAt.getTime()).toBe(5 * HOUR);
    expect(moved).toMatchObject({ id: visit.id, orderId: visit.orderId, status: "scheduled" });
    // The one-time order's price is the moved visit's, at the rate it was booked with.
    const [order] = await testDb.db.select({ quote: orders.quote }).from(orders).where(eq(orders.id, visit.orderId));
    const quote = order!.quote as unknown as Quote;
    expect(quote).toMatchObject({ period: "total", visitsPerPeriod: 1, billedMinutesPerPeriod: 300 });
    expect(quote.visits).toEqual([expect.objectContaining({ day: weekday(2), start: "10:00", end: "15:00" })]);
    expect(await moveOf(move.id)).toMatchObject({
      status: "accepted",
      oldStartsAt: visit.startsAt,
      oldEndsAt: visit.endsAt,
      newStartsAt: moved.startsAt,
      answeredBy: caregiver.id,
    });
    const told = (await notificationsOf(client.id)).filter((item) => item.subtype === "visit_move_accepted");
    expect(told).toHaveLength(1);
    // Answered once only.
    expect(await refusal(acceptVisitMove({ actor: asCaregiver(caregiver.id), moveId: move.id, now }))).toMatchObject({
      key: "visits:moves.errors.notPending",
    });
  });

  test("a caregiver on time off at the new time cannot accept; the visit keeps its times", async () => {
    const { client, caregiver, visit } = await bookVisit("99201", weekday(1));
    const now = new Date(visit.startsAt.getTime() - 3 * 24 * HOUR);
    const move = await requestVisitMove({
      actor: client,
      input: { visitId: visit.id, date: weekday(3), startTime: "09:00", durationMinutes: 240 },
      now,
    });
    await addTimeOff({
      actor: asCaregiver(caregiver.id),
      days: { kind: "day", startDate: weekday(3), endDate: weekday(3), weekday: null },
      now,
    });
    expect(await refusal(acceptVisitMove({ actor: asCaregiver(caregiver.id), moveId: move.id, now }))).toMatchObject({
      code: "conflict",
      key: "visits:moves.errors.timeOff",
    });
    expect((await visitOf(visit.id)).startsAt).toEqual(visit.startsAt);
    expect((await moveOf(move.id)).status).toBe("pending");
  });

  test("declined, the visit at its new time goes to backup caregivers, with no late-cancellation credit", async () => {
    const { client, caregiver, visit, zone } = await bookVisit("37203", weekday(1));
    const backup = await caregiverNear(testDb.db, { zipCode: "37203", firstName: "Casey", lastName: "Backup" });
    // Ten hours ahead: a late change, and a decline inside the late-cancel hours.
    const now = new Date(visit.startsAt.getTime() - 10 * HOUR);
    const move = await requestVisitMove({
      actor: client,
      input: { visitId: visit.id, date: weekday(1), startTime: "11:00", durationMinutes: 240 },
      now,
    });
    expect(move.isLate).toBe(true);
    await declineVisitMove({ actor: asCaregiver(caregiver.id), moveId: move.id, reason: "Another client", now });

    const handed = await visitOf(visit.id);
    expect(formatInZone(handed.startsAt, zone, "HH:mm")).toBe("11:00");
    expect(handed.caregiverId).toBe(caregiver.id);
    const offers = await testDb.db.select().from(visitBackupOffers).where(eq(visitBackupOffers.visitId, visit.id));
    expect(offers.map((offer) => offer.caregiverId)).toEqual([backup.id]);
    const [event] = await testDb.db
      .select()
      .from(visitEvents)
      .where(and(eq(visitEvents.visitId, visit.id), eq(visitEvents.kind, "cancelled")));
    expect(event!.data).toMatchObject({ moveId: move.id, status: "declined", late: false });
    expect(await moveOf(move.id)).toMatchObject({ status: "declined", reason: "Another client" });
    expect(await testDb.db.select().from(accountCredits).where(eq(accountCredits.clientId, client.id))).toEqual([]);
    const told = (await notificationsOf(client.id)).map((item) => item.title);
    expect(told).toEqual(expect.arrayContaining([expect.stringMatching(/^Move declined: /)]));
  });

  test("a late change is flagged and alerts the caregiver urgently (a textable alert); the hours are a setting", async () => {
    const { client, caregiver, visit } = await bookVisit("46204", weekday(1));
    const now = new Date(visit.startsAt.getTime() - 20 * HOUR);
    const input = { visitId: visit.id, date: weekday(2), startTime: "09:00", durationMinutes: 240 };
    const late = await requestVisitMove({ actor: client, input, now });
    expect(late.isLate).toBe(true);
    // The caregiver's queue also holds the offer's notification: the move's is found by its subtype.
    const payloads = (await queuedNotificationJobs(caregiver.id)).map((job) => job.payload);
    expect(payloads).toContainEqual(expect.objectContaining({ subtype: "visit_moved_late", priority: "urgent" }));
    await withdrawVisitMove({ actor: client, moveId: late.id, now });

    // With 12 hours as the setting, 20 hours ahead is not late.
    await testDb.db.insert(careSettings).values({ id: 1, lateMoveHours: 12 });
    try {
      expect((await requestVisitMove({ actor: client, input, now })).isLate).toBe(false);
    } finally {
      await testDb.db.delete(careSettings);
    }
  });

  test("unanswered by the deadline, the move expires and the visit at its new time goes to the admins' queue", async () => {
    // Nobody else works in Columbus: no backup, so the admins are told.
    const { client, caregiver, visit, zone } = await bookVisit("43215", weekday(1));
    const now = new Date(visit.startsAt.getTime() - 3 * 24 * HOUR);
    const move = await requestVisitMove({
      actor: client,
      input: { visitId: visit.id, date: weekday(1), startTime: "13:00", durationMinutes: 180 },
      now,
    });
    expect(move.deadline.getTime()).toBe(now.getTime() + 24 * HOUR);
    expect(await expireVisitMoves(new Date(move.deadline.getTime() - 60_000))).toBe(0);
    expect(await expireVisitMoves(move.deadline)).toBe(1);
    expect((await moveOf(move.id)).status).toBe("expired");
    const handed = await visitOf(visit.id);
    expect(formatInZone(handed.startsAt, zone, "HH:mm")).toBe("13:00");
    expect(handed.backupOfferedAt).not.toBeNull();
    const subtypes = (await notificationsOf(client.id)).map((item) => item.subtype);
    expect(subtypes).toEqual(expect.arrayContaining(["visit_cancelled", "no_backup"]));
    // Too late to accept now.
    expect(
      await refusal(acceptVisitMove({ actor: asCaregiver(caregiver.id), moveId: move.id, now: move.deadline })),
    ).toMatchObject({ key: "visits:moves.errors.notPending" });
  });

  test("the invoice follows the new hours", async () => {
    const { client, caregiver, orderId, visit } = await bookVisit("64105", weekday(1));
    const now = new Date(visit.startsAt.getTime() - 3 * 24 * HOUR);
    const [order] = await testDb.db.select({ quote: orders.quote }).from(orders).where(eq(orders.id, orderId));
    const quote = order!.quote as { subtotalCents: number };
    // Four hours booked, six after the move.
    const move = await requestVisitMove({
      actor: client,
      input: { visitId: visit.id, date: weekday(1), startTime: "09:00", durationMinutes: 360 },
      now,
    });
    await acceptVisitMove({ actor: asCaregiver(caregiver.id), moveId: move.id, now });
    const moved = await visitOf(visit.id);
    await testDb.db
      .update(visits)
      .set({ status: "completed", checkedInAt: moved.startsAt, checkedOutAt: moved.endsAt })
      .where(eq(visits.id, visit.id));
    await issueInvoices({ orderId, now: new Date(moved.endsAt.getTime() + HOUR) });
    const [invoice] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const lines = await testDb.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice!.id))
      .orderBy(asc(invoiceLines.position));
    const line = lines.find((item) => item.kind === "visit")!;
    expect(line.amountCents).toBe(Math.round((quote.subtotalCents * 6) / 4));
    expect(line.figures).toMatchObject({ endsAt: moved.endsAt.toISOString() });
  });
});
