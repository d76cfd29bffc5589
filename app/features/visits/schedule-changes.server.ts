import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db, type Tx } from "~/platform/db/client.server";
import {
  careRequests,
  orders,
  REPLACED_BY_SCHEDULE_CHANGE,
  scheduleChanges,
  visitMoves,
  visits,
  type VisitMoveStatus,
} from "~/platform/db/schema";
import { pgErrorCode } from "~/platform/db/pg-errors";
import { lockUntilCommit } from "~/platform/db/advisory-lock.server";
import { queueNotification } from "~/features/notifications/public.server";
import { isOffDuring } from "~/features/matching/public.server";
import { assertCredentialsAllowWork } from "~/features/credentials/public.server";
import { horizonOccurrences, scheduleFrom, type Schedule } from "~/features/care-requests/public";
import type { OrderReader } from "~/features/orders/public.server";
import { AppError } from "~/utils/app-error";
import { localDateIn, zonedInstant } from "~/utils/datetime";
import { getCareSettings } from "./care-settings.server";
import type { VisitRow } from "./visit-events.server";
import { loadVisitContext, notifyAdmins, notifyVisitFamily, visitNotification } from "./visit-notifications.server";
import { isUuid } from "./visit-rules";
import { isLateMove, moveDeadline } from "./visit-moves";
import {
  ACTIVE_ORDER_STATUSES,
  assertCanChangeOrder,
  hasOtherVisitThen,
  orderOf,
  repriceOrder,
} from "./visit-moves.server";
import {
  earliestChangedStart,
  scheduleChangeProblem,
  weeklyPatternOf,
  type ChangeScheduleInput,
} from "./schedule-changes";

// Changing a recurring order's schedule from a date (docs/product-rules.md, "Moving a visit";
// docs/decisions/0052-changing-a-recurring-schedule.md). The family asks; the caregiver accepts, which in one
// transaction rebooks the order's visits from that date on to the new pattern (the order, its caregiver and its
// history stay), or declines, or lets the deadline pass: then nothing changes on the visits, the family is told and
// the admins are alerted to arrange the new pattern. The single move's rules (visit-moves.ts) give the deadline and
// the late flag; its server half the authorization, the order and the clash check.

export type ScheduleChangeRow = typeof scheduleChanges.$inferSelect;
type RecurringSchedule = Extract<Schedule, { scheduleType: "recurring" }>;
type ChangeOrder = Awaited<ReturnType<typeof orderOf>>;

const NOT_FOUND = { key: "visits:moves.errors.notFound" } as const;

function recurringOf(order: ChangeOrder): RecurringSchedule {
  if (order.scheduleType !== "recurring")
    throw new AppError("conflict", { key: "visits:scheduleChanges.errors.notRecurring" });
  return order.request as RecurringSchedule;
}

/** The pattern the order follows now: the last accepted change's, else its care request's. */
async function currentPattern(tx: Tx, order: ChangeOrder): Promise<RecurringSchedule> {
  const request = recurringOf(order);
  const [last] = await tx
    .select({ fromDate: scheduleChanges.fromDate, newWeekly: scheduleChanges.newWeekly })
    .from(scheduleChanges)
    .where(and(eq(scheduleChanges.orderId, order.id), eq(scheduleChanges.status, "accepted")))
    .orderBy(desc(scheduleChanges.answeredAt))
    .limit(1);
  return last ? scheduleFrom(request, last.fromDate, last.newWeekly) : request;
}

/** The order's visits the change touches: booked, not started, from the day on and not too soon to change. */
function cutoffOf(order: ChangeOrder, fromDate: string, now: Date): Date {
  const fromDay = zonedInstant(fromDate, "00:00", order.timeZone);
  const earliest = earliestChangedStart(now);
  return fromDay > earliest ? fromDay : earliest;
}

async function changedVisits(tx: Tx, orderId: string, cutoff: Date): Promise<VisitRow[]> {
  return tx
    .select()
    .from(visits)
    .where(and(eq(visits.orderId, orderId), eq(visits.status, "scheduled"), gte(visits.startsAt, cutoff)))
    .orderBy(asc(visits.startsAt))
    .for("update");
}

/** The new pattern's visits from the cutoff, over the booking horizon, as instants. */
function newVisitTimes(order: ChangeOrder, next: RecurringSchedule, cutoff: Date, now: Date) {
  return horizonOccurrences(next, localDateIn(order.timeZone, now))
    .map((occurrence) => ({
      startsAt: zonedInstant(occurrence.date, occurrence.start, order.timeZone),
      endsAt: zonedInstant(occurrence.date, occurrence.end, order.timeZone),
      date: occurrence.date,
    }))
    .filter((times) => times.startsAt >= cutoff);
}

/**
 * The family asks to change a confirmed recurring order's weekly schedule from a date on. Refused: not theirs (not
 * found) or a follow member's, the order not active or not recurring, a change already pending, or a pattern the
 * care request's own rules refuse. A change whose first affected visit is within care_settings.late_move_hours is
 * flagged late and alerts the caregiver urgently (textable), as a late move does.
 */
export async function requestScheduleChange({
  actor,
  input,
  now = new Date(),
}: {
  actor: OrderReader;
  input: Pick<ChangeScheduleInput, "orderId" | "fromDate" | "days" | "startTime" | "endTime">;
  now?: Date;
}): Promise<ScheduleChangeRow> {
  if (!isUuid(input.orderId)) throw new AppError("not_found", NOT_FOUND);
  const settings = await getCareSettings();
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId)).for("update");
      const order = await orderOf(tx, input.orderId);
      await assertCanChangeOrder(tx, actor, order);
      if (!(ACTIVE_ORDER_STATUSES as readonly string[]).includes(order.status) || !order.caregiverId)
        throw new AppError("conflict", { key: "visits:moves.errors.orderNotActive" });
      const current = await currentPattern(tx, order);
      const weekly = weeklyPatternOf(input);
      const problem = scheduleChangeProblem(
        current,
        { fromDate: input.fromDate, weekly },
        localDateIn(order.timeZone, now),
      );
      if (problem) throw new AppError("invalid", { key: problem.key }, { field: problem.field });
      const [pending] = await tx
        .select({ id: scheduleChanges.id })
        .from(scheduleChanges)
        .where(and(eq(scheduleChanges.orderId, order.id), eq(scheduleChanges.status, "pending")));
      if (pending) throw new AppError("conflict", { key: "visits:scheduleChanges.errors.pending" });
      const cutoff = cutoffOf(order, input.fromDate, now);
      const [firstOld] = await changedVisits(tx, order.id, cutoff);
      const [firstNew] = newVisitTimes(order, scheduleFrom(current, input.fromDate, weekly), cutoff, now);
      const first = [firstOld?.startsAt, firstNew?.startsAt]
        .filter((at): at is Date => at !== undefined)
        .sort((a, b) => a.getTime() - b.getTime())[0];
      if (!first)
        throw new AppError("invalid", { key: "visits:scheduleChanges.errors.nothing" }, { field: "fromDate" });
      const firstTimes = { startsAt: first, endsAt: first };
      const isLate = isLateMove(firstTimes, firstTimes, settings, now);
      const [change] = await tx
        .insert(scheduleChanges)
        .values({
          orderId: order.id,
          caregiverId: order.caregiverId,
          requestedBy: actor.id,
          fromDate: input.fromDate,
          oldWeekly: current.weeklySchedule,
          newWeekly: weekly,
          firstStartsAt: first,
          isLate,
          deadline: moveDeadline(firstTimes, firstTimes, now),
          createdAt: now,
        })
        .returning();
      await notify(tx, change!, "caregiver", {
        subtype: isLate ? "visit_moved_late" : "visit_move_requested",
        key: isLate ? "scheduleChangeLateCaregiver" : "scheduleChangeRequested",
        priority: isLate ? "urgent" : "normal",
        metadata: { requiresAction: true },
      });
      return change!;
    });
  } catch (error) {
    // Two requests at once: the second finds the first pending (schedule_changes_one_pending_idx).
    if (pgErrorCode(error) === "23505")
      throw new AppError("conflict", { key: "visits:scheduleChanges.errors.pending" });
    throw error;
  }
}

/**
 * A notification about the change, through the order's next visit (its caregiver, area and order page); the
 * change's first day as {{fromWhen}}.
 */
async function notify(
  tx: Tx,
  change: ScheduleChangeRow,
  to: "family" | "caregiver",
  request: { subtype: string; key: string; priority?: "urgent" | "normal"; metadata?: Record<string, unknown> },
) {
  const visit = await anchorVisit(tx, change.orderId);
  if (!visit) return;
  const context = await loadVisitContext(tx, visit);
  const alert = {
    type: "schedule" as const,
    ...request,
    times: { fromWhen: { at: change.firstStartsAt.toISOString(), timeZone: context.timeZone } },
  };
  // The family: the holder and the whole circle, each their own (docs/product-rules.md, "Family circle").
  if (to === "family") await notifyVisitFamily(tx, context, alert);
  else await queueNotification(tx, visitNotification(context, to, { ...alert, userId: change.caregiverId }));
}

/** The order's visit a change's messages hang on: its next scheduled one, else its latest. */
async function anchorVisit(tx: Tx, orderId: string): Promise<VisitRow | undefined> {
  const [next] = await tx
    .select()
    .from(visits)
    .where(and(eq(visits.orderId, orderId), eq(visits.status, "scheduled")))
    .orderBy(asc(visits.startsAt))
    .limit(1);
  if (next) return next;
  const [last] = await tx
    .select()
    .from(visits)
    .where(eq(visits.orderId, orderId))
    .orderBy(desc(visits.startsAt))
    .limit(1);
  return last;
}

/** The change row locked for this transaction; not_found for an unknown id. */
async function lockChange(tx: Tx, changeId: string): Promise<ScheduleChangeRow> {
  if (!isUuid(changeId)) throw new AppError("not_found", NOT_FOUND);
  const [change] = await tx.select().from(scheduleChanges).where(eq(scheduleChanges.id, changeId)).for("update");
  if (!change) throw new AppError("not_found", NOT_FOUND);
  return change;
}

async function closeChange(tx: Tx, change: ScheduleChangeRow, status: VisitMoveStatus, by: string | null, now: Date) {
  await tx
    .update(scheduleChanges)
    .set({ status, answeredAt: now, answeredBy: by })
    .where(and(eq(scheduleChanges.id, change.id), eq(scheduleChanges.status, "pending")));
}

/** The family withdraws its pending change; the caregiver is told. */
export async function withdrawScheduleChange({
  actor,
  changeId,
  now = new Date(),
}: {
  actor: OrderReader;
  changeId: string;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const change = await lockChange(tx, changeId);
    await assertCanChangeOrder(tx, actor, await orderOf(tx, change.orderId));
    if (change.status !== "pending") throw new AppError("conflict", { key: "visits:moves.errors.notPending" });
    await closeChange(tx, change, "withdrawn", actor.id, now);
    await notify(tx, change, "caregiver", { subtype: "visit_move_requested", key: "scheduleChangeWithdrawn" });
  });
}

/** The caregiver's pending change, locked: theirs, on an order they still hold, before its deadline. */
async function caregiversPendingChange(tx: Tx, actor: OrderReader, changeId: string, now: Date) {
  const caregiver = actorAs(actor, "caregiver");
  const change = await lockChange(tx, changeId);
  if (change.caregiverId !== caregiver.id) throw new AppError("not_found", NOT_FOUND);
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, change.orderId)).for("update");
  const order = await orderOf(tx, change.orderId);
  if (change.status !== "pending" || change.deadline <= now || order.caregiverId !== caregiver.id)
    throw new AppError("conflict", { key: "visits:moves.errors.notPending" });
  return { caregiver, change, order };
}

/**
 * The caregiver accepts. In one transaction, after the credential gate: the order's booked visits from the day on
 * that have not started are rebooked to the new pattern as the same order's visits (one at a start the new pattern
 * keeps stays, with its new end; the others are cancelled as replaced, and the new ones booked). A new visit that
 * clashes with the caregiver's other visits, or falls in their time off, refuses the whole answer with its date.
 * Reminders go out for the new times; the horizon books later weeks with the new pattern (visit-horizon.server.ts).
 */
export async function acceptScheduleChange({
  actor,
  changeId,
  now = new Date(),
}: {
  actor: OrderReader;
  changeId: string;
  now?: Date;
}): Promise<ScheduleChangeRow> {
  try {
    return await db.transaction(async (tx) => {
      const { caregiver, change, order } = await caregiversPendingChange(tx, actor, changeId, now);
      // No required credential past its date (docs/product-rules.md, "Credentials that expire").
      await assertCredentialsAllowWork(tx, caregiver.id, now);
      await rebookVisits(tx, { order, change, caregiverId: caregiver.id, now });
      await repriceOrder(tx, order.id, scheduleFrom(recurringOf(order), change.fromDate, change.newWeekly), now);
      await closeChange(tx, change, "accepted", caregiver.id, now);
      await notify(tx, change, "family", { subtype: "visit_move_accepted", key: "scheduleChangeAccepted" });
      return { ...change, status: "accepted" as const, answeredAt: now, answeredBy: caregiver.id };
    });
  } catch (error) {
    if (pgErrorCode(error) === "23P01") throw new AppError("conflict", { key: "visits:moves.errors.clash" });
    throw error;
  }
}

/** A day of the new pattern for a refusal, at noon UTC so that it reads as that day anywhere. */
const dateValues = (date: string) => ({ date: Date.parse(`${date}T12:00:00Z`) });

/** Rebooks the order's visits from the change's day on to its new pattern (see acceptScheduleChange). */
async function rebookVisits(
  tx: Tx,
  {
    order,
    change,
    caregiverId,
    now,
  }: { order: ChangeOrder; change: ScheduleChangeRow; caregiverId: string; now: Date },
) {
  // One booking of this caregiver's time at once (schedule-visits.server.ts).
  await lockUntilCommit(tx, `caregiver-visits:${caregiverId}`);
  const cutoff = cutoffOf(order, change.fromDate, now);
  const old = await changedVisits(tx, order.id, cutoff);
  const next = newVisitTimes(order, scheduleFrom(recurringOf(order), change.fromDate, change.newWeekly), cutoff, now);
  const kept = new Map<number, VisitRow>();
  for (const visit of old) kept.set(visit.startsAt.getTime(), visit);
  const keptIds = new Set<string>();
  const toBook: typeof next = [];
  for (const times of next) {
    const same = kept.get(times.startsAt.getTime());
    if (same) keptIds.add(same.id);
    else toBook.push(times);
  }
  const replaced = old.filter((visit) => !keptIds.has(visit.id));
  if (replaced.length > 0) {
    await tx
      .update(visits)
      .set({
        status: "cancelled",
        cancelledAt: now,
        cancelledBy: change.requestedBy,
        cancelReason: REPLACED_BY_SCHEDULE_CHANGE,
      })
      .where(
        inArray(
          visits.id,
          replaced.map((visit) => visit.id),
        ),
      );
    // A backup caregiver who had taken over one of them is told it is no longer needed.
    for (const visit of replaced.filter((row) => row.caregiverId !== caregiverId)) {
      const context = await loadVisitContext(tx, visit);
      await queueNotification(
        tx,
        visitNotification(context, "caregiver", {
          type: "schedule",
          subtype: "visit_cancelled",
          key: "scheduleChangeBackupReleased",
        }),
      );
    }
    // A single move asked for a replaced visit has nothing left to move.
    await tx
      .update(visitMoves)
      .set({ status: "withdrawn", answeredAt: now })
      .where(
        and(
          inArray(
            visitMoves.visitId,
            replaced.map((visit) => visit.id),
          ),
          eq(visitMoves.status, "pending"),
        ),
      );
  }
  for (const times of next) {
    const same = kept.get(times.startsAt.getTime());
    if (same && same.endsAt.getTime() !== times.endsAt.getTime())
      await tx
        .update(visits)
        .set({ endsAt: times.endsAt, remindedDayBeforeAt: null, remindedHourBeforeAt: null })
        .where(eq(visits.id, same.id));
  }
  const visitIds: string[] = [...keptIds];
  for (const times of toBook) {
    if (await hasOtherVisitThen(tx, { id: null, caregiverId, orderId: order.id }, times))
      throw new AppError("conflict", { key: "visits:scheduleChanges.errors.clash", values: dateValues(times.date) });
    const [booked] = await tx
      .insert(visits)
      .values({ orderId: order.id, caregiverId, startsAt: times.startsAt, endsAt: times.endsAt })
      .onConflictDoUpdate({
        // A visit cancelled earlier at this very start is booked again rather than left out.
        target: [visits.orderId, visits.startsAt],
        set: { endsAt: times.endsAt, status: "scheduled", caregiverId, cancelledAt: null, cancelledBy: null },
        setWhere: sql`${visits.status} = 'cancelled'`,
      })
      .returning({ id: visits.id });
    if (booked) visitIds.push(booked.id);
  }
  // Time off at the new times (docs/product-rules.md, "Time off"): the whole transaction is rolled back.
  for (const times of next) {
    const [visit] = await tx
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.orderId, order.id), eq(visits.startsAt, times.startsAt), eq(visits.status, "scheduled")));
    if (visit && (await isOffDuring(tx, caregiverId, { visitId: visit.id })))
      throw new AppError("conflict", { key: "visits:scheduleChanges.errors.timeOff", values: dateValues(times.date) });
  }
  return visitIds;
}

/**
 * Declined (a reason optional) or unanswered by the deadline: the visits keep the pattern the caregiver agreed to,
 * the family is told, and every admin gets an urgent alert to arrange the new pattern (another caregiver, or a word
 * with the family); docs/decisions/0052-changing-a-recurring-schedule.md says why not the single move's backups.
 */
async function changeNotTaken(tx: Tx, change: ScheduleChangeRow, status: "declined" | "expired") {
  await notify(tx, change, "family", {
    subtype: "visit_move_accepted",
    key: status === "declined" ? "scheduleChangeDeclined" : "scheduleChangeExpired",
  });
  const visit = await anchorVisit(tx, change.orderId);
  if (visit)
    await notifyAdmins(tx, await loadVisitContext(tx, visit), {
      subtype: "visit_move_accepted",
      key: "scheduleChangeNotTakenAdmin",
      emailedSeparately: false,
    });
}

/** The caregiver declines (a reason optional). */
export async function declineScheduleChange({
  actor,
  changeId,
  reason,
  now = new Date(),
}: {
  actor: OrderReader;
  changeId: string;
  reason?: string;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const { caregiver, change } = await caregiversPendingChange(tx, actor, changeId, now);
    await tx
      .update(scheduleChanges)
      .set({ reason: reason?.trim() || null })
      .where(eq(scheduleChanges.id, change.id));
    await closeChange(tx, change, "declined", caregiver.id, now);
    await changeNotTaken(tx, change, "declined");
  });
}

/** The deadline job (the visits' minute sweep): pending changes past their deadline expire, as a decline. */
export async function expireScheduleChanges(now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ id: scheduleChanges.id })
    .from(scheduleChanges)
    .where(and(eq(scheduleChanges.status, "pending"), lte(scheduleChanges.deadline, now)))
    .orderBy(asc(scheduleChanges.deadline))
    .limit(100);
  let expired = 0;
  for (const { id } of due) {
    expired += await db.transaction(async (tx) => {
      const change = await lockChange(tx, id);
      if (change.status !== "pending" || change.deadline > now) return 0;
      await closeChange(tx, change, "expired", null, now);
      await changeNotTaken(tx, change, "expired");
      return 1;
    });
  }
  return expired;
}

/** A schedule change as the order page and the caregiver's schedule show it. */
export type ScheduleChangeView = Pick<
  ScheduleChangeRow,
  | "id"
  | "orderId"
  | "status"
  | "isLate"
  | "fromDate"
  | "oldWeekly"
  | "newWeekly"
  | "firstStartsAt"
  | "deadline"
  | "answeredAt"
  | "reason"
  | "createdAt"
>;

const changeColumns = {
  id: scheduleChanges.id,
  orderId: scheduleChanges.orderId,
  status: scheduleChanges.status,
  isLate: scheduleChanges.isLate,
  fromDate: scheduleChanges.fromDate,
  oldWeekly: scheduleChanges.oldWeekly,
  newWeekly: scheduleChanges.newWeekly,
  firstStartsAt: scheduleChanges.firstStartsAt,
  deadline: scheduleChanges.deadline,
  answeredAt: scheduleChanges.answeredAt,
  reason: scheduleChanges.reason,
  createdAt: scheduleChanges.createdAt,
};

/** Every schedule change of an order, newest first (the caller has checked the reader may see the order). */
export async function scheduleChangesOfOrder(orderId: string): Promise<ScheduleChangeView[]> {
  return db
    .select(changeColumns)
    .from(scheduleChanges)
    .where(eq(scheduleChanges.orderId, orderId))
    .orderBy(desc(scheduleChanges.createdAt));
}

/** The caregiver's pending schedule changes to answer, soonest deadline first, with the order's number and zone. */
export async function pendingScheduleChangesForCaregiver(
  actor: OrderReader,
  now: Date = new Date(),
): Promise<(ScheduleChangeView & { timeZone: string; orderNumber: string })[]> {
  const caregiver = actorAs(actor, "caregiver");
  return db
    .select({ ...changeColumns, timeZone: careRequests.timeZone, orderNumber: orders.orderNumber })
    .from(scheduleChanges)
    .innerJoin(orders, eq(orders.id, scheduleChanges.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(
      and(
        eq(scheduleChanges.caregiverId, caregiver.id),
        eq(scheduleChanges.status, "pending"),
        gt(scheduleChanges.deadline, now),
      ),
    )
    .orderBy(asc(scheduleChanges.deadline));
}
