import { and, eq, sql } from "drizzle-orm";
import { lockUntilCommit } from "~/db/advisory-lock.server";
import { z } from "zod";
import { db, type Tx, type Executor } from "~/db/client.server";

import { defineJob, queueJob } from "~/db/job-queue.server";
import { careRequests, orderEvents, orderOffers, orders, type OrderStatus } from "~/db/schema";
import { horizonOccurrences, weeklyWindows, type Occurrence } from "~/features/care-requests/schedule";
import { findMatches, type Match } from "~/features/matching/matching.server";
import { AppError } from "~/utils/app-error";
import { careRequestOf, DOUBLE_BOOKING_MESSAGE, isOrderId, localDate, NOT_FOUND_MESSAGE } from "./order-helpers";
import { pgErrorCode } from "~/db/pg-errors";
import type { OrderEventNote } from "./order-event-note";
import { transitionProblem, type ActorRole } from "./state-machine";

// The order's core, on the database: one transition function that locks the
// order row and checks the actor and the state inside a transaction, offers
// to the next match, and visits generated from the schedule. Its pure helpers
// are in order-helpers.ts; emails in order-notifications.server.ts.

export type OrderRow = typeof orders.$inferSelect;
export type CareRequestRow = typeof careRequests.$inferSelect;
export type OrderActor = { id: string | null; role: ActorRole };

/** An unanswered offer passes to the next match after this long. */
export const OFFER_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * The job that passes an unanswered offer on at its expiry: queued here with
 * the offer, handled in orders.job.ts (its handler, expireOffer, imports this file).
 */
export const offerExpiryJob = defineJob({
  name: "orders.offer-expiry",
  payload: z.object({ offerId: z.string().uuid() }),
});

/** The ranked caregivers for a stored request (hard filters, then the score). */
export function matchesForRequest(
  row: CareRequestRow,
  options: { excludeCaregiverIds?: string[]; onlyCaregiverId?: string; limit?: number; now?: Date } = {},
  executor: Executor = db,
): Promise<Match[]> {
  const request = careRequestOf(row);
  return findMatches(
    {
      clientId: row.clientId,
      latitude: row.latitude,
      longitude: row.longitude,
      services: row.services,
      healthNeeds: row.healthNeeds,
      language: row.language,
      caregiverGender: row.caregiverGender,
      culture: row.culture,
      // Requests stored before preferences could be required lack these: preferred.
      languageRequired: request.languageRequired === true,
      caregiverGenderRequired: request.caregiverGenderRequired === true,
      cultureRequired: request.cultureRequired === true,
      windows: weeklyWindows(request),
      occurrences: horizonOccurrences(request, localDate(row.timeZone, options.now)),
      timeZone: row.timeZone,
      excludeCaregiverIds: options.excludeCaregiverIds,
      onlyCaregiverId: options.onlyCaregiverId,
      requestedCaregiverSlug: request.preferredCaregiverSlug ?? null,
      limit: options.limit,
    },
    executor,
  );
}

export async function loadCareRequest(executor: Executor, careRequestId: string): Promise<CareRequestRow> {
  const [row] = await executor.select().from(careRequests).where(eq(careRequests.id, careRequestId));
  if (!row) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  return row;
}

/** The order row locked for this transaction (SELECT ... FOR UPDATE). */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  if (!isOrderId(orderId)) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  return order;
}

/** What an event's history line says: a line of the app's as a key (order-event-note.ts), and what a person typed. */
export type OrderEventText = {
  /** The app's line, worded in the reader's language when read. */
  wording?: OrderEventNote | null;
  /** What a person typed (a cancellation's reason), shown as typed. */
  note?: string | null;
};

export async function recordOrderEvent(
  tx: Tx,
  order: Pick<OrderRow, "id">,
  event: { from: OrderStatus | null; to: OrderStatus; actor: OrderActor } & OrderEventText,
) {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: event.from,
    toStatus: event.to,
    actorId: event.actor.id,
    actorRole: event.actor.role,
    wording: event.wording ?? null,
    note: event.note ?? null,
  });
}

export type TransitionInput = OrderEventText & {
  orderId: string;
  to: OrderStatus;
  actor: OrderActor;
  /** Checks of the caller on the locked order (e.g. that this caregiver holds the open offer). */
  check?: (order: OrderRow, tx: Tx) => Promise<void> | void;
  /** Column changes that come with the move. */
  changes?: (order: OrderRow) => Partial<typeof orders.$inferInsert>;
  /** Work in the same transaction once the order has moved (offers, visits...). */
  after?: (order: OrderRow, tx: Tx) => Promise<void>;
};

/**
 * The one way an order changes state: locks the row, checks that the actor may
 * see it and that the move is allowed for their role, applies it and writes
 * the timeline event, all in one transaction (or the caller's).
 */
export async function transitionOrder(input: TransitionInput, outer?: Tx): Promise<OrderRow> {
  const run = async (tx: Tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (input.actor.role === "client" && order.clientId !== input.actor.id) {
      throw new AppError("not_found", NOT_FOUND_MESSAGE);
    }
    await input.check?.(order, tx);
    const problem = transitionProblem(order.status, input.to, input.actor.role);
    if (problem) throw new AppError("conflict", problem);
    const [updated] = await tx
      .update(orders)
      .set({ status: input.to, updatedAt: new Date(), ...input.changes?.(order) })
      .where(eq(orders.id, order.id))
      .returning();
    await recordOrderEvent(tx, order, {
      from: order.status,
      to: input.to,
      actor: input.actor,
      wording: input.wording,
      note: input.note,
    });
    await input.after?.(updated!, tx);
    return updated!;
  };
  return outer ? run(outer) : db.transaction(run);
}

export type NewOffer = { offerId: string; caregiverId: string; expiresAt: Date; rank: number };

/**
 * Offers the order to a caregiver who passes the hard filters and was not
 * offered it before: `preferred` if given (and still eligible), else the best
 * match. Null when nobody is left. Runs inside the caller's transaction, on
 * the locked order; the order's status is the caller's business.
 */
export async function createNextOffer(
  tx: Tx,
  order: OrderRow,
  options: { preferredCaregiverId?: string | null; now?: Date } = {},
): Promise<NewOffer | null> {
  const previous = await tx
    .select({ caregiverId: orderOffers.caregiverId })
    .from(orderOffers)
    .where(eq(orderOffers.orderId, order.id));
  const excluded = previous.map((offer) => offer.caregiverId);
  const request = await loadCareRequest(tx, order.careRequestId);
  const [match] = await matchesForRequest(
    request,
    {
      excludeCaregiverIds: excluded,
      onlyCaregiverId: options.preferredCaregiverId ?? undefined,
      limit: 1,
      now: options.now,
    },
    tx,
  );
  if (!match) return null;
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + OFFER_LIFETIME_MS);
  const [offer] = await tx
    .insert(orderOffers)
    .values({ orderId: order.id, caregiverId: match.caregiverId, rank: previous.length + 1, offeredAt: now, expiresAt })
    .returning({ id: orderOffers.id });
  await queueJob(offerExpiryJob, { offerId: offer!.id }, { tx, key: `offer:${offer!.id}`, runAt: expiresAt });
  return { offerId: offer!.id, caregiverId: match.caregiverId, expiresAt, rank: previous.length + 1 };
}

/** Closes the order's open offer (declined, expired or withdrawn). */
export async function closeOpenOffer(
  tx: Tx,
  orderId: string,
  status: "declined" | "expired" | "withdrawn" | "accepted",
  reason: string | null,
  caregiverId?: string,
) {
  const conditions = [eq(orderOffers.orderId, orderId), eq(orderOffers.status, "offered")];
  if (caregiverId) conditions.push(eq(orderOffers.caregiverId, caregiverId));
  return tx
    .update(orderOffers)
    .set({ status, reason, respondedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: orderOffers.id, caregiverId: orderOffers.caregiverId });
}

/**
 * Creates the order's visits on the rolling horizon for its caregiver.
 * `onClash: "refuse"` (confirmation) fails when any visit overlaps the
 * caregiver's visits; `"skip"` (horizon extension) leaves those dates out.
 */
export async function scheduleVisits(
  tx: Tx,
  order: Pick<OrderRow, "id" | "careRequestId">,
  caregiverId: string,
  options: { onClash: "refuse" | "skip"; now?: Date },
): Promise<number> {
  const request = await loadCareRequest(tx, order.careRequestId);
  const visits: Occurrence[] = horizonOccurrences(careRequestOf(request), localDate(request.timeZone, options.now));
  if (visits.length === 0) return 0;
  const zone = request.timeZone;
  const skipClash =
    options.onClash === "skip"
      ? sql`and not exists (
          select 1 from visits v where v.caregiver_id = ${caregiverId} and v.status <> 'cancelled'
            and tstzrange(v.starts_at, v.ends_at) && tstzrange(w.s at time zone ${zone}, w.e at time zone ${zone}))`
      : sql``;
  // One booking of this caregiver's time at once, until the transaction ends: two inserts that clash,
  // made side by side, can each wait on the other's row and end in a deadlock instead of the clash.
  // In turn, the second sees the first's visits and is refused (or skips those dates) cleanly.
  await lockUntilCommit(tx, `caregiver-visits:${caregiverId}`);
  await tx.execute(sql`savepoint schedule_visits`);
  try {
    const result = await tx.execute(sql`
      insert into visits (order_id, caregiver_id, starts_at, ends_at)
      select ${order.id}, ${caregiverId}, w.s at time zone ${zone}, w.e at time zone ${zone}
      from unnest(${sql.param(visits.map((visit) => `${visit.date} ${visit.start}`))}::timestamp[],
                  ${sql.param(visits.map((visit) => `${visit.date} ${visit.end}`))}::timestamp[]) as w(s, e)
      where w.s at time zone ${zone} > ${options.now ?? new Date()} ${skipClash}
      on conflict (order_id, starts_at) do nothing
    `);
    await tx.execute(sql`release savepoint schedule_visits`);
    return result.rowCount ?? 0;
  } catch (error) {
    await tx.execute(sql`rollback to savepoint schedule_visits`);
    if (pgErrorCode(error) === "23P01") throw new AppError("conflict", DOUBLE_BOOKING_MESSAGE);
    throw error;
  }
}
