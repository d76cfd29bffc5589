import { and, count, eq, inArray } from "drizzle-orm";
import { db, type Tx } from "~/platform/db/client.server";
import { careRequests, orders, visits } from "~/platform/db/schema";
import { scheduleEndsBy } from "~/features/care-requests/public";
import { applyTransition, lockOrder, type OrderActor, type OrderRow } from "./order-transitions.server";
import { orderEventNote } from "./order-event-note";
import { careRequestOf, localDate } from "./order-helpers";
import { notifyCompleted } from "./order-notifications.server";

// An order in progress is completed when its schedule has no visit left after
// a day and none of its visits is still open (docs/product-rules.md, "Orders
// and offers"): at the last check-out (visits/check-in.server.ts), or by the
// daily job for orders whose last visits ended otherwise (missed, cancelled).

type Completion = {
  /** The order, locked by the caller in this transaction (lockOrder). */
  order: OrderRow;
  /** The care request's stored row: its schedule and the care's time zone. */
  request: { request: unknown; timeZone: string };
  /** The moment whose local date is asked about: the checked-out visit's start, or now. */
  on: Date;
  actor: OrderActor;
  reason: "lastVisitCheckedOut" | "scheduleEnded";
  now: Date;
};

/** Completes the order when its schedule is over by `on` and no visit is open; whether it did. */
export async function completeIfFinished(tx: Tx, completion: Completion): Promise<boolean> {
  const { order, request } = completion;
  if (order.status !== "in_progress") return false;
  if (!scheduleEndsBy(careRequestOf(request), localDate(request.timeZone, completion.on))) return false;
  if (!(await hasNoOpenVisits(tx, order.id))) return false;
  const completed = await applyTransition(tx, order, {
    to: "completed",
    actor: completion.actor,
    wording: orderEventNote(completion.reason),
    changes: { completedAt: completion.now },
  });
  await notifyCompleted(completed, tx);
  return true;
}

/** In-progress orders whose schedule is over and whose visits are all done: completed (the daily job). */
export async function completeFinishedOrders(now: Date = new Date()): Promise<number> {
  const candidates = await db
    .select({ id: orders.id, request: careRequests.request, timeZone: careRequests.timeZone })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.status, "in_progress"));
  let completed = 0;
  for (const candidate of candidates) {
    // Read without a lock first, so that orders still running are not locked at all.
    if (!scheduleEndsBy(careRequestOf(candidate), localDate(candidate.timeZone, now))) continue;
    const done = await db.transaction(async (tx) =>
      completeIfFinished(tx, {
        order: await lockOrder(tx, candidate.id),
        request: candidate,
        on: now,
        actor: { id: null, role: "system" },
        reason: "scheduleEnded",
        now,
      }),
    );
    if (done) completed += 1;
  }
  return completed;
}

async function hasNoOpenVisits(tx: Tx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ open: count() })
    .from(visits)
    .where(and(eq(visits.orderId, orderId), inArray(visits.status, ["scheduled", "checked_in"])));
  return (row?.open ?? 0) === 0;
}
