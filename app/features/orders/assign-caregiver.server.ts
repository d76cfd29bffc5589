import { eq, sql } from "drizzle-orm";
import { actorAs } from "~/auth/actor";
import type { CurrentUser } from "~/auth/session.server";
import { orderOffers } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { recordOrderAssigned } from "./admin-order-audit.server";
import { orderEventNote } from "./order-event-note";
import { matchesForRequest } from "./order-matches.server";
import { loadCareRequest, lockOrder } from "./order-transitions.server";
import { confirmOrder } from "./confirm-order.server";
import { db } from "~/db/client.server";
import { closeOpenOffer } from "./next-offer.server";

// An admin assigns a caregiver by hand (an order nobody took, or to overrule
// the offers): the open offer is withdrawn, an accepted offer row records the
// assignment, the visits are booked, the admin's move is audited, the
// family is emailed and notified, and the caregiver notified of the new job.

type Actor = Pick<CurrentUser, "id" | "roles">;

/** An admin assigns a caregiver by hand: the order is confirmed with them if they pass the hard filters. */
export async function assignCaregiver({
  actor,
  orderId,
  caregiverId,
  request,
  now = new Date(),
}: {
  actor: Actor;
  orderId: string;
  caregiverId: string;
  /** The admin's page request, for the audit event. */
  request?: Request;
  now?: Date;
}): Promise<void> {
  const admin = actorAs(actor, "admin");
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    const careRequest = await loadCareRequest(tx, locked.careRequestId);
    const [eligible] = await matchesForRequest(careRequest, { onlyCaregiverId: caregiverId, now }, tx);
    if (!eligible) throw new AppError("conflict", { key: "admin:refusals.caregiverDoesNotFit" });
    await closeOpenOffer(tx, locked.id, "withdrawn", "Assigned to another caregiver by an administrator");
    const [previous] = await tx
      .select({ rank: sql<number>`coalesce(max(${orderOffers.rank}), 0)::int` })
      .from(orderOffers)
      .where(eq(orderOffers.orderId, locked.id));
    await tx.insert(orderOffers).values({
      orderId: locked.id,
      caregiverId,
      rank: (previous?.rank ?? 0) + 1,
      status: "accepted",
      reason: "Assigned by an administrator",
      offeredAt: now,
      expiresAt: now,
      respondedAt: now,
    });
    return confirmOrder(tx, {
      order: locked,
      request: careRequest,
      caregiverId,
      actor: admin,
      wording: orderEventNote("assignedByAdmin"),
      how: "assigned",
      now,
    });
  });
  await recordOrderAssigned({ adminId: admin.id, order, caregiverId, request });
}
