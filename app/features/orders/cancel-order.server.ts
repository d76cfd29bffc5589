import { and, eq, gt } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { orders, visits } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { recordOrderCancelledByAdmin } from "./admin-order-audit.server";
import { transitionOrder } from "./order-transitions.server";
import { closeOpenOffer } from "./next-offer.server";
import { isOrderId } from "./order-helpers";
import { notifyCancelled } from "./order-notifications.server";

// Cancelling an order: the family until care has started, an admin until it
// is completed (who may cancel from where is state-machine.ts). The open
// offer is withdrawn and the upcoming visits are cancelled in the same
// transaction; an admin's cancellation is audited; both sides are emailed.

type Actor = Pick<CurrentUser, "id" | "roles">;

/** The family (while allowed) or an admin cancels, with a reason; open offers and upcoming visits go too. */
export async function cancelOrder({
  actor,
  orderId,
  reason,
  as,
  request,
  now = new Date(),
}: {
  actor: Actor;
  orderId: string;
  reason: string;
  /** The page request, for the audit event of an admin's cancellation. */
  request?: Request;
  /** Which of the actor's roles acts; by default the family for their own order, else an admin. */
  as?: "client" | "admin";
  now?: Date;
}): Promise<void> {
  let role = as;
  if (!role && isOrderId(orderId)) {
    const [owned] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.clientId, actor.id)));
    role = owned || !actor.roles.includes("admin") ? "client" : "admin";
  }
  const who = actorAs(actor, role ?? "client");
  const why = reason.trim();
  if (why.length < 3) throw new AppError("invalid", { key: "orders:refusals.cancelReasonMissing" });
  if (why.length > 1000) throw new AppError("invalid", { key: "orders:refusals.cancelReasonTooLong" });
  const order = await transitionOrder({
    orderId,
    to: "cancelled",
    actor: who,
    note: why,
    changes: () => ({ cancelledBy: who.id, cancelledByRole: who.role, cancelReason: why, cancelledAt: now }),
    after: async (cancelled, tx) => {
      await closeOpenOffer(tx, cancelled.id, "withdrawn", "The order was cancelled");
      await tx
        .update(visits)
        .set({ status: "cancelled" })
        .where(and(eq(visits.orderId, cancelled.id), eq(visits.status, "scheduled"), gt(visits.startsAt, now)));
      await notifyCancelled(cancelled, { byAdmin: who.role === "admin", reason: why }, tx);
    },
  });
  if (who.role === "admin") {
    await recordOrderCancelledByAdmin({ adminId: who.id, order, reason: why, request });
  }
}
