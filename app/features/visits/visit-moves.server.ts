import { and, asc, desc, eq, gt, lte, ne, notInArray, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db, type Tx } from "~/platform/db/client.server";
import { careRequests, orders, visitMoves, visits, type VisitMoveStatus } from "~/platform/db/schema";
import { pgErrorCode } from "~/platform/db/pg-errors";
import { queueNotification } from "~/features/notifications/public.server";
import { isOffDuring } from "~/features/matching/public.server";
import { assertCredentialsAllowWork } from "~/features/credentials/public.server";
import type { OrderReader } from "~/features/orders/public.server";
import { AppError } from "~/utils/app-error";
import { formatInZone } from "~/utils/datetime";
import type { Schedule } from "~/features/care-requests/public";
import { computeQuote, type Quote, type QuoteRequest } from "~/features/pricing/public";
import { assertCanManage } from "~/features/family/public";
import { orderAccess } from "~/features/family/public.server";
import { getCareSettings } from "./care-settings.server";
import { handOverVisit } from "./cancel-visit.server";
import { lockVisit, type VisitRow } from "./visit-events.server";
import {
  announceVisitAttention,
  loadVisitContext,
  notifyVisitFamily,
  visitNotification,
} from "./visit-notifications.server";
import { isUuid } from "./visit-rules";
import { isLateMove, moveDeadline, moveProblem, newTimesOf, type MoveVisitInput } from "./visit-moves";

// Moving a visit (docs/product-rules.md, "Moving a visit"; docs/decisions/0051-moving-a-visit.md). The family asks
// for new times; the visit keeps its times until the caregiver accepts, which applies them in one transaction.
// Declined, or unanswered by the deadline, the visit takes its new times and is handed over as a caregiver who
// cannot make it hands it over (handOverVisit): backups, then the admins' queue. Never a cancellation and a new
// booking: the visit, its history and its order stay the same.

export type VisitMoveRow = typeof visitMoves.$inferSelect;

export const ACTIVE_ORDER_STATUSES = ["confirmed", "in_progress"] as const;
const NOT_FOUND = { key: "visits:moves.errors.notFound" } as const;

/**
 * Who may change an order's visits: the account holder and the family circle's manage members, as for
 * cancelling it (docs/product-rules.md, "Family circle"); a follow member is refused, anyone else finds nothing.
 */
export async function assertCanChangeOrder(tx: Tx, actor: OrderReader, order: { id: string }): Promise<void> {
  actorAs(actor, "client");
  assertCanManage(await orderAccess(actor, order.id, tx));
}

/** The order a move or schedule change is about, with the zone where care happens; not_found when unknown. */
export async function orderOf(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      clientId: orders.clientId,
      status: orders.status,
      caregiverId: orders.caregiverId,
      timeZone: careRequests.timeZone,
      request: careRequests.request,
      scheduleType: careRequests.scheduleType,
    })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  if (!order) throw new AppError("not_found", NOT_FOUND);
  return order;
}

/**
 * Whether the caregiver, or the order, has another visit (not cancelled or done) overlapping the times: other than
 * `visit` itself, or any when its id is null (a visit a schedule change is about to book).
 */
export async function hasOtherVisitThen(
  tx: Tx,
  visit: Pick<VisitRow, "caregiverId" | "orderId"> & { id: string | null },
  times: { startsAt: Date; endsAt: Date },
) {
  const [clash] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        visit.id === null ? undefined : ne(visits.id, visit.id),
        notInArray(visits.status, ["cancelled", "completed"]),
        sql`(${visits.caregiverId} = ${visit.caregiverId} or ${visits.orderId} = ${visit.orderId})`,
        sql`tstzrange(${visits.startsAt}, ${visits.endsAt}) && tstzrange(${times.startsAt.toISOString()}::timestamptz, ${times.endsAt.toISOString()}::timestamptz)`,
      ),
    )
    .limit(1);
  return clash !== undefined;
}

/**
 * The family asks to move one upcoming visit. Refused: not theirs (not found), the order not active, a move
 * already pending, new times in the past, beyond the horizon or unchanged, or a time the caregiver or the order
 * already has a visit at. A late change is flagged and alerts the caregiver urgently (textable).
 */
export async function requestVisitMove({
  actor,
  input,
  now = new Date(),
}: {
  actor: OrderReader;
  input: Pick<MoveVisitInput, "visitId" | "date" | "startTime" | "durationMinutes">;
  now?: Date;
}): Promise<VisitMoveRow> {
  if (!isUuid(input.visitId)) throw new AppError("not_found", NOT_FOUND);
  const settings = await getCareSettings();
  try {
    return await db.transaction(async (tx) => {
      const visit = await lockVisit(tx, input.visitId);
      const order = await orderOf(tx, visit.orderId);
      await assertCanChangeOrder(tx, actor, order);
      if (!(ACTIVE_ORDER_STATUSES as readonly string[]).includes(order.status))
        throw new AppError("conflict", { key: "visits:moves.errors.orderNotActive" });
      const [pending] = await tx
        .select({ id: visitMoves.id })
        .from(visitMoves)
        .where(and(eq(visitMoves.visitId, visit.id), eq(visitMoves.status, "pending")));
      if (pending) throw new AppError("conflict", { key: "visits:moves.errors.pending" });
      const next = newTimesOf(input, order.timeZone);
      const problem = moveProblem(visit, next, now);
      if (problem) throw new AppError("invalid", { key: problem }, { field: "date" });
      if (await hasOtherVisitThen(tx, visit, next))
        throw new AppError("conflict", { key: "visits:moves.errors.busy" }, { field: "date" });
      const isLate = isLateMove(visit, next, settings, now);
      const [move] = await tx
        .insert(visitMoves)
        .values({
          visitId: visit.id,
          orderId: visit.orderId,
          caregiverId: visit.caregiverId,
          requestedBy: actor.id,
          oldStartsAt: visit.startsAt,
          oldEndsAt: visit.endsAt,
          newStartsAt: next.startsAt,
          newEndsAt: next.endsAt,
          isLate,
          deadline: moveDeadline(visit, next, now),
          createdAt: now,
        })
        .returning();
      const context = await loadVisitContext(tx, visit);
      await queueNotification(
        tx,
        visitNotification(context, "caregiver", {
          type: "schedule",
          // A late change is an urgent alert, texted to a caregiver who chose texts (notifications/preferences.ts).
          subtype: isLate ? "visit_moved_late" : "visit_move_requested",
          key: isLate ? "visitMovedLateCaregiver" : "visitMoveRequested",
          priority: isLate ? "urgent" : "normal",
          times: { newWhen: { at: next.startsAt.toISOString(), timeZone: order.timeZone } },
          metadata: { requiresAction: true },
        }),
      );
      return move!;
    });
  } catch (error) {
    // Two requests at once: the second finds the first pending (visit_moves_one_pending_idx).
    if (pgErrorCode(error) === "23505") throw new AppError("conflict", { key: "visits:moves.errors.pending" });
    throw error;
  }
}

/** Locks the move's visit and reads the move again under the lock. */
async function lockMove(tx: Tx, moveId: string): Promise<{ move: VisitMoveRow; visit: VisitRow }> {
  if (!isUuid(moveId)) throw new AppError("not_found", NOT_FOUND);
  const [found] = await tx.select({ visitId: visitMoves.visitId }).from(visitMoves).where(eq(visitMoves.id, moveId));
  if (!found) throw new AppError("not_found", NOT_FOUND);
  const visit = await lockVisit(tx, found.visitId);
  const [move] = await tx.select().from(visitMoves).where(eq(visitMoves.id, moveId));
  return { move: move!, visit };
}

async function closeMove(tx: Tx, move: VisitMoveRow, status: VisitMoveStatus, by: string | null, now: Date) {
  await tx
    .update(visitMoves)
    .set({ status, answeredAt: now, answeredBy: by })
    .where(and(eq(visitMoves.id, move.id), eq(visitMoves.status, "pending")));
}

/** The family withdraws its pending request; the caregiver is told. */
export async function withdrawVisitMove({
  actor,
  moveId,
  now = new Date(),
}: {
  actor: OrderReader;
  moveId: string;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const { move, visit } = await lockMove(tx, moveId);
    await assertCanChangeOrder(tx, actor, await orderOf(tx, move.orderId));
    if (move.status !== "pending") throw new AppError("conflict", { key: "visits:moves.errors.notPending" });
    await closeMove(tx, move, "withdrawn", actor.id, now);
    const context = await loadVisitContext(tx, visit);
    await queueNotification(
      tx,
      visitNotification(context, "caregiver", {
        type: "schedule",
        subtype: "visit_move_requested",
        key: "visitMoveWithdrawn",
      }),
    );
  });
}

/** The pending move of a caregiver's visit, under the visit's lock: theirs, still pending, before its deadline. */
async function caregiversPendingMove(tx: Tx, actor: OrderReader, moveId: string, now: Date) {
  const caregiver = actorAs(actor, "caregiver");
  const { move, visit } = await lockMove(tx, moveId);
  if (move.caregiverId !== caregiver.id || visit.caregiverId !== caregiver.id)
    throw new AppError("not_found", NOT_FOUND);
  if (move.status !== "pending" || move.deadline <= now)
    throw new AppError("conflict", { key: "visits:moves.errors.notPending" });
  return { caregiver, move, visit };
}

/**
 * The caregiver accepts: in one transaction the visit takes the new times (its reminders to be sent again), after
 * the credential gate, their time off and their other visits (the visits_no_double_booking constraint) are checked.
 */
export async function acceptVisitMove({
  actor,
  moveId,
  now = new Date(),
}: {
  actor: OrderReader;
  moveId: string;
  now?: Date;
}): Promise<VisitMoveRow> {
  try {
    return await db.transaction(async (tx) => {
      const { caregiver, move, visit } = await caregiversPendingMove(tx, actor, moveId, now);
      // No required credential past its date (docs/product-rules.md, "Credentials that expire").
      await assertCredentialsAllowWork(tx, caregiver.id, now);
      await moveVisitTo(tx, visit, move);
      await repriceMovedOneTimeOrder(tx, visit.orderId, move, now);
      // Time off at the new time (docs/product-rules.md, "Time off"): the whole transaction is rolled back.
      if (await isOffDuring(tx, caregiver.id, { visitId: visit.id }))
        throw new AppError("conflict", { key: "visits:moves.errors.timeOff" });
      await closeMove(tx, move, "accepted", caregiver.id, now);
      const context = await loadVisitContext(tx, { ...visit, startsAt: move.newStartsAt, endsAt: move.newEndsAt });
      await notifyVisitFamily(tx, context, {
        type: "schedule",
        subtype: "visit_move_accepted",
        key: "visitMoveAccepted",
        times: { oldWhen: { at: move.oldStartsAt.toISOString(), timeZone: context.timeZone } },
      });
      return { ...move, status: "accepted" as const, answeredAt: now, answeredBy: caregiver.id };
    });
  } catch (error) {
    if (pgErrorCode(error) === "23P01") throw new AppError("conflict", { key: "visits:moves.errors.clash" });
    throw error;
  }
}

/**
 * The order's quote for a schedule it now follows, at the rates and promotion it was booked with (the pricing snapshot
 * in the quote): the order page's price follows the new hours, as the invoices do (docs/product-rules.md, "Quote").
 */
export async function repriceOrder(tx: Tx, orderId: string, schedule: Schedule, now: Date): Promise<void> {
  const [row] = await tx
    .select({ quote: orders.quote, request: careRequests.request })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  const booked = row?.quote as unknown as Quote | undefined;
  if (!row || !booked?.pricing) return;
  const { serviceTypes } = row.request as unknown as Pick<QuoteRequest, "serviceTypes">;
  const quote = computeQuote({
    request: { ...schedule, serviceTypes },
    pricing: booked.pricing,
    promo: booked.promo,
    now,
  });
  await tx
    .update(orders)
    .set({ quote: quote as unknown as Record<string, unknown> })
    .where(eq(orders.id, orderId));
}

/** A one-time order's only visit moved: its price is that visit's at the new date and hours. */
async function repriceMovedOneTimeOrder(tx: Tx, orderId: string, move: VisitMoveRow, now: Date): Promise<void> {
  const order = await orderOf(tx, orderId);
  if (order.scheduleType !== "one-time") return;
  const local = (at: Date, pattern: string) => formatInZone(at, order.timeZone, pattern);
  const request = order.request as unknown as Extract<Schedule, { scheduleType: "one-time" }>;
  await repriceOrder(
    tx,
    orderId,
    {
      ...request,
      startDate: local(move.newStartsAt, "yyyy-MM-dd"),
      startTime: local(move.newStartsAt, "HH:mm"),
      endTime: local(move.newEndsAt, "HH:mm"),
    },
    now,
  );
}

/** The visit takes the move's new times; its reminders go out again for them. */
async function moveVisitTo(tx: Tx, visit: VisitRow, move: VisitMoveRow): Promise<VisitRow> {
  const [moved] = await tx
    .update(visits)
    .set({
      startsAt: move.newStartsAt,
      endsAt: move.newEndsAt,
      remindedDayBeforeAt: null,
      remindedHourBeforeAt: null,
    })
    .where(eq(visits.id, visit.id))
    .returning();
  return moved!;
}

/** The caregiver declines (a reason optional): the visit at its new time is handed to backups. */
export async function declineVisitMove({
  actor,
  moveId,
  reason,
  now = new Date(),
}: {
  actor: OrderReader;
  moveId: string;
  reason?: string;
  now?: Date;
}): Promise<void> {
  const settings = await getCareSettings();
  await db.transaction(async (tx) => {
    const { caregiver, move, visit } = await caregiversPendingMove(tx, actor, moveId, now);
    const why = reason?.trim() || null;
    await tx.update(visitMoves).set({ reason: why }).where(eq(visitMoves.id, move.id));
    await closeMove(tx, move, "declined", caregiver.id, now);
    await handOverAtNewTime(tx, visit, move, { settings, now, reason: why, status: "declined" });
  });
}

/**
 * Declined or expired: the visit takes the new times the family asked for and is handed over (handOverVisit) to
 * backup caregivers, then the admins' queue. Should the caregiver meanwhile have another visit then, it keeps
 * its old times with them and the family is told the move did not happen.
 */
async function handOverAtNewTime(
  tx: Tx,
  visit: VisitRow,
  move: VisitMoveRow,
  options: {
    settings: Awaited<ReturnType<typeof getCareSettings>>;
    now: Date;
    reason: string | null;
    status: "declined" | "expired";
  },
): Promise<void> {
  let moved: VisitRow;
  try {
    moved = await tx.transaction((savepoint) => moveVisitTo(savepoint, visit, move));
  } catch (error) {
    if (pgErrorCode(error) !== "23P01") throw error;
    const context = await loadVisitContext(tx, visit);
    await notifyVisitFamily(tx, context, {
      type: "schedule",
      subtype: "visit_move_accepted",
      key: "visitMoveNotMade",
    });
    return;
  }
  await handOverVisit(tx, {
    caregiverId: move.caregiverId,
    visit: moved,
    reason: options.reason ?? "",
    settings: options.settings,
    now: options.now,
    move: { moveId: move.id, status: options.status },
  });
  await announceVisitAttention(tx, visit.id);
}

/** The deadline job: pending moves past their deadline expire, each handed over as a decline is. */
export async function expireVisitMoves(now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ id: visitMoves.id })
    .from(visitMoves)
    .where(and(eq(visitMoves.status, "pending"), lte(visitMoves.deadline, now)))
    .orderBy(asc(visitMoves.deadline))
    .limit(100);
  if (due.length === 0) return 0;
  const settings = await getCareSettings();
  let expired = 0;
  for (const { id } of due) {
    expired += await db.transaction(async (tx) => {
      const { move, visit } = await lockMove(tx, id);
      if (move.status !== "pending" || move.deadline > now) return 0;
      await closeMove(tx, move, "expired", null, now);
      if (visit.status !== "scheduled" || visit.caregiverId !== move.caregiverId) return 1;
      await handOverAtNewTime(tx, visit, move, { settings, now, reason: null, status: "expired" });
      return 1;
    });
  }
  return expired;
}

/** A move as the family's order page and the caregiver's pages show it. */
export type VisitMoveView = Pick<
  VisitMoveRow,
  | "id"
  | "visitId"
  | "status"
  | "isLate"
  | "oldStartsAt"
  | "oldEndsAt"
  | "newStartsAt"
  | "newEndsAt"
  | "deadline"
  | "answeredAt"
  | "createdAt"
>;

const moveColumns = {
  id: visitMoves.id,
  visitId: visitMoves.visitId,
  status: visitMoves.status,
  isLate: visitMoves.isLate,
  oldStartsAt: visitMoves.oldStartsAt,
  oldEndsAt: visitMoves.oldEndsAt,
  newStartsAt: visitMoves.newStartsAt,
  newEndsAt: visitMoves.newEndsAt,
  deadline: visitMoves.deadline,
  answeredAt: visitMoves.answeredAt,
  createdAt: visitMoves.createdAt,
};

/** Every move of an order, newest first: for its page (the caller has checked the reader may see the order). */
export async function movesOfOrder(orderId: string): Promise<VisitMoveView[]> {
  return db
    .select(moveColumns)
    .from(visitMoves)
    .where(eq(visitMoves.orderId, orderId))
    .orderBy(desc(visitMoves.createdAt));
}

/** The caregiver's pending moves to answer, soonest deadline first, each with the zone where care happens. */
export async function pendingMovesForCaregiver(
  actor: OrderReader,
  now: Date = new Date(),
): Promise<(VisitMoveView & { timeZone: string })[]> {
  const caregiver = actorAs(actor, "caregiver");
  return db
    .select({ ...moveColumns, timeZone: careRequests.timeZone })
    .from(visitMoves)
    .innerJoin(orders, eq(orders.id, visitMoves.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(
      and(eq(visitMoves.caregiverId, caregiver.id), eq(visitMoves.status, "pending"), gt(visitMoves.deadline, now)),
    )
    .orderBy(asc(visitMoves.deadline));
}
