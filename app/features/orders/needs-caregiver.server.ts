import { and, eq, isNull, notExists } from "drizzle-orm";
import type { Executor } from "~/platform/db/client.server";
import { orderOffers, orders } from "~/platform/db/schema";

// An order that waits for the team to find a caregiver (docs/product-rules.md, "When no caregiver matches"):
// nobody matched when it was sent or when the family let Tendly choose, or everyone offered said no. The mark
// (orders.needs_caregiver_since) puts it in the admin's "Needs a caregiver" queue and tells the family's pages
// that the team is looking; any move out of submitted clears it (order-transitions.server.ts applyTransition).

/**
 * Marks a submitted order with no open offer as waiting for the team, from `now` unless it already waits.
 * True when the order is (now) marked.
 */
export async function markNeedsCaregiver(executor: Executor, orderId: string, now: Date = new Date()) {
  const marked = await executor
    .update(orders)
    .set({ needsCaregiverSince: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "submitted"),
        isNull(orders.needsCaregiverSince),
        notExists(
          executor
            .select({ id: orderOffers.id })
            .from(orderOffers)
            .where(and(eq(orderOffers.orderId, orderId), eq(orderOffers.status, "offered"))),
        ),
      ),
    )
    .returning({ id: orders.id });
  return marked.length > 0;
}
