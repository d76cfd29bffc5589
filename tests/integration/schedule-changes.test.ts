import { addDays, format } from "date-fns";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { careRequests, familyMembers, orders, scheduleChanges, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { extendVisitHorizons } from "~/features/orders/visit-horizon.server";
import { getClientOrder } from "~/features/orders/client-orders.server";
import { getOrderTimeline } from "~/features/visit-notes/timeline.server";
import {
  acceptScheduleChange,
  declineScheduleChange,
  expireScheduleChanges,
  requestScheduleChange,
  withdrawScheduleChange,
} from "~/features/visits/schedule-changes.server";
import { AppError } from "~/utils/app-error";
import { formatInZone } from "~/utils/datetime";
import type { Quote } from "~/features/pricing/public";
import { careRequestInput, caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { notificationsOf, queuedNotificationJobs, useNotificationsDatabase } from "./notifications-helpers";

// Changing a recurring order's schedule from a date (docs/product-rules.md, "Moving a visit";
// docs/decisions/0052-changing-a-recurring-schedule.md). Each test books in a city of its own.

const HOUR = 60 * 60_000;
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
const day = (weeksAhead: number, offset = 0) =>
  format(addDays(new Date(upcomingMonday(weeksAhead)), offset), "yyyy-MM-dd");
const local = (at: Date, zone: string) => formatInZone(at, zone, "EEE HH:mm");
/** Tuesdays and Thursdays, 10:00 to 14:00. */
const TUE_THU = { days: ["1" as const, "3" as const], startTime: "10:00", endTime: "14:00" };

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected a refusal, got ${String(error)}`);
  return { code: error.code, key: error.ref.key, field: error.field, values: error.ref.values };
}

describe("changing a recurring schedule from a date", () => {
  const testDb = useNotificationsDatabase(6);

  /** Mondays and Wednesdays 09:00-13:00 from next week, booked with a caregiver near `zip`. */
  async function bookRecurring(zip: string) {
    const client = await clientActor(testDb.db);
    const caregiver = await caregiverNear(testDb.db, { zipCode: zip, firstName: "Jordan", lastName: `Weekly${zip}` });
    const { orderId } = await submitCareRequest({ actor: client, request: careRequestInput({ zipCode: zip }) });
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true });
    const [row] = await testDb.db
      .select({ zone: careRequests.timeZone, careRecipientId: careRequests.careRecipientId })
      .from(orders)
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(orders.id, orderId));
    await notificationsOf(client.id);
    await notificationsOf(caregiver.id);
    return { client, caregiver, orderId, zone: row!.zone, careRecipientId: row!.careRecipientId };
  }

  const visitsOf = (orderId: string) =>
    testDb.db.select().from(visits).where(eq(visits.orderId, orderId)).orderBy(asc(visits.startsAt));
  const changeOf = async (id: string) =>
    (await testDb.db.select().from(scheduleChanges).where(eq(scheduleChanges.id, id)))[0]!;

  test("accepting rebooks the visits from the date on as the order's own, keeps earlier ones, and the horizon follows", async () => {
    const { client, caregiver, orderId, zone } = await bookRecurring("64106");
    const before = await visitsOf(orderId);
    const fromDate = day(3);
    const change = await requestScheduleChange({ actor: client, input: { orderId, fromDate, ...TUE_THU } });
    expect(change).toMatchObject({ status: "pending", isLate: false, fromDate });
    expect(change.oldWeekly).toMatchObject({
      0: [{ start: "09:00", end: "13:00" }],
      2: [{ start: "09:00", end: "13:00" }],
    });
    expect(change.newWeekly).toMatchObject({
      1: [{ start: "10:00", end: "14:00" }],
      3: [{ start: "10:00", end: "14:00" }],
    });
    const asked = (await notificationsOf(caregiver.id)).filter((item) => item.subtype === "visit_move_requested");
    expect(asked).toHaveLength(1);
    // One pending change per order.
    expect(
      await refusal(requestScheduleChange({ actor: client, input: { orderId, fromDate: day(4), ...TUE_THU } })),
    ).toMatchObject({ code: "conflict", key: "visits:scheduleChanges.errors.pending" });

    await acceptScheduleChange({ actor: asCaregiver(caregiver.id), changeId: change.id });
    expect(await changeOf(change.id)).toMatchObject({ status: "accepted", answeredBy: caregiver.id });

    const after = await visitsOf(orderId);
    const cutoff = new Date(`${fromDate}T00:00:00Z`).getTime();
    const earlier = (rows: typeof after) => rows.filter((visit) => visit.startsAt.getTime() < cutoff - 24 * HOUR);
    // Visits before the date are the same rows, untouched.
    expect(earlier(after).map((visit) => [visit.id, visit.status])).toEqual(
      earlier(before).map((visit) => [visit.id, "scheduled"]),
    );
    const later = after.filter((visit) => formatInZone(visit.startsAt, zone, "yyyy-MM-dd") >= fromDate);
    const scheduled = later.filter((visit) => visit.status === "scheduled");
    expect(scheduled.length).toBeGreaterThan(8);
    expect(new Set(scheduled.map((visit) => local(visit.startsAt, zone)))).toEqual(new Set(["Tue 10:00", "Thu 10:00"]));
    expect(scheduled.every((visit) => visit.caregiverId === caregiver.id && visit.orderId === orderId)).toBe(true);
    // The old pattern's visits from the date on are cancelled as replaced; the order itself stays confirmed.
    const replaced = later.filter((visit) => visit.status === "cancelled");
    expect(new Set(replaced.map((visit) => local(visit.startsAt, zone)))).toEqual(new Set(["Mon 09:00", "Wed 09:00"]));
    // Replaced, never called off: the care timeline leaves them out.
    const timeline = await getOrderTimeline({ actor: client, orderId });
    expect(timeline.visits.filter((visit) => replaced.some((gone) => gone.id === visit.visitId))).toEqual([]);
    const page = await getClientOrder({ actor: client, orderId, locale: "en" });
    expect(page.visits.filter((visit) => replaced.some((gone) => gone.id === visit.id))).toEqual([]);
    const [order] = await testDb.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "confirmed", caregiverId: caregiver.id });
    const told = (await notificationsOf(client.id)).filter((item) => item.subtype === "visit_move_accepted");
    expect(told.map((item) => item.title)).toEqual([expect.stringContaining("Schedule changed from")]);

    // Two weeks past the date, the horizon books further weeks with the new pattern only.
    await extendVisitHorizons(new Date(new Date(`${fromDate}T12:00:00Z`).getTime() + 14 * 24 * HOUR));
    const extended = (await visitsOf(orderId)).filter(
      (visit) => visit.status === "scheduled" && formatInZone(visit.startsAt, zone, "yyyy-MM-dd") >= fromDate,
    );
    expect(extended.length).toBeGreaterThan(scheduled.length);
    expect(new Set(extended.map((visit) => local(visit.startsAt, zone)))).toEqual(new Set(["Tue 10:00", "Thu 10:00"]));
  });

  test("accepted, the order's price follows the new hours at the rates it was booked with", async () => {
    const { client, caregiver, orderId } = await bookRecurring("65201");
    // A backup caregiver covers one visit the change replaces (a Monday of the fourth week).
    const backup = await caregiverNear(testDb.db, { zipCode: "65201", firstName: "Casey", lastName: "Backup65201" });
    const covered = (await visitsOf(orderId)).find(
      (visit) => visit.startsAt.getTime() > Date.parse(`${day(4)}T00:00:00Z`),
    )!;
    await testDb.db.update(visits).set({ caregiverId: backup.id }).where(eq(visits.id, covered.id));
    await notificationsOf(backup.id);
    const [before] = await testDb.db.select({ quote: orders.quote }).from(orders).where(eq(orders.id, orderId));
    const booked = before!.quote as unknown as Quote;
    expect(booked.billedMinutesPerPeriod).toBe(2 * 240);
    // Tuesdays only, three hours: a week of 180 minutes instead of 480.
    const change = await requestScheduleChange({
      actor: client,
      input: { orderId, fromDate: day(3), days: ["1"], startTime: "10:00", endTime: "13:00" },
    });
    await acceptScheduleChange({ actor: asCaregiver(caregiver.id), changeId: change.id });
    const [after] = await testDb.db.select({ quote: orders.quote }).from(orders).where(eq(orders.id, orderId));
    const repriced = after!.quote as unknown as Quote;
    expect(repriced).toMatchObject({
      period: "week",
      visitsPerPeriod: 1,
      billedMinutesPerPeriod: 180,
      hourlyRateCents: booked.hourlyRateCents,
      pricing: booked.pricing,
    });
    expect(repriced.subtotalCents).toBe(Math.round((booked.subtotalCents * 180) / 480));
    // The backup's visit was replaced: they are told it is no longer needed.
    const released = (await notificationsOf(backup.id)).filter((item) => item.subtype === "visit_cancelled");
    expect(released.map((item) => item.title)).toEqual([expect.stringContaining("Visit no longer needed")]);
    expect((await notificationsOf(caregiver.id)).filter((item) => item.subtype === "visit_cancelled")).toEqual([]);
  });

  test("the date and the pattern follow the care request's rules", async () => {
    const { client, orderId } = await bookRecurring("64105");
    const ask = (input: Partial<Parameters<typeof requestScheduleChange>[0]["input"]>) =>
      refusal(requestScheduleChange({ actor: client, input: { orderId, fromDate: day(2), ...TUE_THU, ...input } }));
    expect(await ask({ fromDate: format(addDays(new Date(), -3), "yyyy-MM-dd") })).toMatchObject({
      code: "invalid",
      key: "validation:request.dateInPast",
      field: "fromDate",
    });
    expect(await ask({ days: [] })).toMatchObject({ key: "validation:request.weeklyWindowRequired", field: "days" });
    expect(await ask({ startTime: "14:00", endTime: "10:00" })).toMatchObject({
      key: "validation:request.endTimeAfterStart",
      field: "endTime",
    });
    expect(await ask({ days: ["0", "2"], startTime: "09:00", endTime: "13:00" })).toMatchObject({
      key: "visits:scheduleChanges.errors.same",
    });
    expect(await ask({ fromDate: day(30) })).toMatchObject({ key: "visits:scheduleChanges.errors.afterEnd" });
  });

  test("a new visit that clashes with the caregiver's other visits refuses the answer, naming its date", async () => {
    const { client, caregiver, orderId } = await bookRecurring("65806");
    // Another family books the same caregiver on a Tuesday of the new pattern.
    const other = await clientActor(testDb.db);
    const busyDay = day(4, 1);
    const { orderId: otherOrderId } = await submitCareRequest({
      actor: other,
      request: oneTimeRequest(busyDay, "11:00", "12:00", { zipCode: "65806" }),
    });
    await chooseCaregiver({ actor: other, orderId: otherOrderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: asCaregiver(caregiver.id), orderId: otherOrderId, accept: true });
    const before = await visitsOf(orderId);

    const change = await requestScheduleChange({ actor: client, input: { orderId, fromDate: day(3), ...TUE_THU } });
    const refused = await refusal(acceptScheduleChange({ actor: asCaregiver(caregiver.id), changeId: change.id }));
    expect(refused).toMatchObject({ code: "conflict", key: "visits:scheduleChanges.errors.clash" });
    expect(refused.values).toEqual({ date: Date.parse(`${busyDay}T12:00:00Z`) });
    // Nothing changed: the visits, and the request still pending.
    expect(await visitsOf(orderId)).toEqual(before);
    expect((await changeOf(change.id)).status).toBe("pending");
  });

  test("declined or unanswered, the visits stay as booked, the family is told and the admins are alerted", async () => {
    const admin = await createUser(testDb.db, { roles: ["admin"], firstName: "Ada", lastName: "Queue" });
    const { client, caregiver, orderId } = await bookRecurring("65807");
    const before = await visitsOf(orderId);
    const change = await requestScheduleChange({ actor: client, input: { orderId, fromDate: day(3), ...TUE_THU } });
    await declineScheduleChange({
      actor: asCaregiver(caregiver.id),
      changeId: change.id,
      reason: "I teach on Tuesdays",
    });
    expect(await changeOf(change.id)).toMatchObject({ status: "declined", reason: "I teach on Tuesdays" });
    expect(await visitsOf(orderId)).toEqual(before);
    expect((await notificationsOf(client.id)).map((item) => item.title)).toContain("Schedule change declined");
    const alerts = (await notificationsOf(admin.id)).filter((item) =>
      item.title.startsWith("Schedule change not taken"),
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ priority: "urgent", actionUrl: `/admin/orders/${orderId}` });

    // Asked again and left unanswered: the deadline job expires it the same way.
    const again = await requestScheduleChange({ actor: client, input: { orderId, fromDate: day(3), ...TUE_THU } });
    await expireScheduleChanges(new Date(again.deadline.getTime() - 1000));
    expect((await changeOf(again.id)).status).toBe("pending");
    expect(await expireScheduleChanges(again.deadline)).toBeGreaterThanOrEqual(1);
    expect((await changeOf(again.id)).status).toBe("expired");
    expect(await visitsOf(orderId)).toEqual(before);
    expect((await notificationsOf(client.id)).map((item) => item.title)).toContain("Schedule change not answered");
    expect(
      (await notificationsOf(admin.id)).filter((item) => item.title.startsWith("Schedule change not taken")),
    ).toHaveLength(2);
    // Too late to accept now.
    expect(await refusal(acceptScheduleChange({ actor: asCaregiver(caregiver.id), changeId: again.id }))).toMatchObject(
      {
        key: "visits:moves.errors.notPending",
      },
    );
  });

  test("in the family circle, a manage member asks and withdraws; a follow member is refused", async () => {
    const { client, orderId, careRecipientId } = await bookRecurring("64108");
    const join = async (role: "manage" | "follow") => {
      const member = await clientActor(testDb.db);
      await testDb.db
        .insert(familyMembers)
        .values({ careRecipientId: careRecipientId!, userId: member.id, role, addedBy: client.id });
      return member;
    };
    const follower = await join("follow");
    const manager = await join("manage");
    const input = { orderId, fromDate: day(3), ...TUE_THU };
    expect(await refusal(requestScheduleChange({ actor: follower, input }))).toMatchObject({ code: "forbidden" });
    const change = await requestScheduleChange({ actor: manager, input });
    expect(await refusal(withdrawScheduleChange({ actor: follower, changeId: change.id }))).toMatchObject({
      code: "forbidden",
    });
    await withdrawScheduleChange({ actor: manager, changeId: change.id });
    expect((await changeOf(change.id)).status).toBe("withdrawn");
    // A stranger finds nothing.
    const stranger = await clientActor(testDb.db);
    expect(await refusal(requestScheduleChange({ actor: stranger, input }))).toMatchObject({ code: "not_found" });
  });

  test("a change whose first affected visit is within the late-change hours is flagged and alerts urgently", async () => {
    const { client, caregiver, orderId, zone } = await bookRecurring("64109");
    const [first] = await testDb.db
      .select()
      .from(visits)
      .where(and(eq(visits.orderId, orderId), eq(visits.status, "scheduled")))
      .orderBy(asc(visits.startsAt))
      .limit(1);
    const fromDate = formatInZone(first!.startsAt, zone, "yyyy-MM-dd");
    const late = await requestScheduleChange({
      actor: client,
      input: { orderId, fromDate, ...TUE_THU },
      now: new Date(first!.startsAt.getTime() - 10 * HOUR),
    });
    expect(late).toMatchObject({ isLate: true, firstStartsAt: first!.startsAt });
    const payloads = (await queuedNotificationJobs(caregiver.id)).map((job) => job.payload);
    expect(payloads).toContainEqual(expect.objectContaining({ subtype: "visit_moved_late", priority: "urgent" }));
    await withdrawScheduleChange({ actor: client, changeId: late.id });
    const early = await requestScheduleChange({
      actor: client,
      input: { orderId, fromDate, ...TUE_THU },
      now: new Date(first!.startsAt.getTime() - 30 * HOUR),
    });
    expect(early.isLate).toBe(false);
  });
});
