import { eq } from "drizzle-orm";
import { publishAdminAttention } from "~/platform/realtime/publish.server";
import { db, type Tx, type Executor } from "~/platform/db/client.server";
import { careRequests, orderEvents, orders, type OrderStatus } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { assertCanManage } from "~/features/family/public";
import { orderAccess } from "~/features/family/public.server";
import type { OrderEventNote } from "./order-event-note";
import { isOrderId, NOT_FOUND_MESSAGE } from "./order-helpers";
import { transitionProblem, type ActorRole } from "./state-machine";

// The order's state machine on the database (its rules are state-machine.ts):
// the order row locked, the move checked for the actor's role, applied, and its
// history line written, in one transaction. Every other module of orders moves
// an order through here.

export type OrderRow = typeof orders.$inferSelect;
export type CareRequestRow = typeof careRequests.$inferSelect;
export type OrderActor = { id: string | null; role: ActorRole };

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

/** A move of a locked order: where to, who moves it, its history line, the columns that change with it. */
export type OrderMove = OrderEventText & {
  to: OrderStatus;
  actor: OrderActor;
  changes?: Partial<typeof orders.$inferInsert>;
};

/**
 * A family moves only the orders they hold or manage (docs/decisions/0050-family-circle.md): anyone else's is "not
 * found", as a missing one; a follow member, who sees the order, is refused.
 */
async function refuseUnseen(tx: Tx, order: OrderRow, actor: OrderActor) {
  if (actor.role !== "client" || order.clientId === actor.id) return;
  assertCanManage(actor.id ? await orderAccess({ id: actor.id }, order.id, tx) : null);
}

/**
 * Moves an order the caller has locked in this transaction (lockOrder): checks
 * that the actor may see it and that the move is allowed for their role,
 * applies it and writes the history line. The moved row is returned.
 */
export async function applyTransition(tx: Tx, order: OrderRow, move: OrderMove): Promise<OrderRow> {
  await refuseUnseen(tx, order, move.actor);
  const problem = transitionProblem(order.status, move.to, move.actor.role);
  if (problem) throw new AppError("conflict", problem);
  const [updated] = await tx
    .update(orders)
    // Leaving submitted, the order no longer waits in the team's queue (needs-caregiver.server.ts).
    .set({ status: move.to, updatedAt: new Date(), needsCaregiverSince: null, ...move.changes })
    .where(eq(orders.id, order.id))
    .returning();
  // The admin home counts offers waiting for an answer: a move into or out of "offered" changes it.
  if (order.status === "offered" || move.to === "offered") await publishAdminAttention(tx, "offers");
  await recordOrderEvent(tx, order, {
    from: order.status,
    to: move.to,
    actor: move.actor,
    wording: move.wording,
    note: move.note,
  });
  return updated!;
}

/**
 * The order locked, the caller's `check` on it, the move applied (applyTransition)
 * and the caller's `after` work, all in one transaction (or the caller's).
 */
export async function transitionOrder(input: TransitionInput, outer?: Tx): Promise<OrderRow> {
  const run = async (tx: Tx) => {
    const order = await lockOrder(tx, input.orderId);
    await refuseUnseen(tx, order, input.actor);
    await input.check?.(order, tx);
    const updated = await applyTransition(tx, order, {
      to: input.to,
      actor: input.actor,
      wording: input.wording,
      note: input.note,
      changes: input.changes?.(order),
    });
    await input.after?.(updated, tx);
    return updated;
  };
  return outer ? run(outer) : db.transaction(run);
}
