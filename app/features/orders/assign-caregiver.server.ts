import { eq, sql } from "drizzle-orm";
import { actorAs } from "~/auth/actor";
import type { CurrentUser } from "~/auth/session.server";
import { orderOffers } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { recordOrderAssigned } from "./admin-order-audit.server";
import { orderEventNote } from "./order-event-note";
import {
  closeOpenOffer,
  loadCareRequest,
  matchesForRequest,
  scheduleVisits,
  transitionOrder,
} from "./order-core.server";
import { openCareConversation } from "~/features/messaging/open-care-conversation.server";
import { notifyConfirmed } from "./order-notifications.server";

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
  const order = await transitionOrder({
    orderId,
    to: "confirmed",
    actor: admin,
    wording: orderEventNote("assignedByAdmin"),
    check: async (locked, tx) => {
      const careRequest = await loadCareRequest(tx, locked.careRequestId);
      const [eligible] = await matchesForRequest(careRequest, { onlyCaregiverId: caregiverId, now }, tx);
      if (!eligible) {
        throw new AppError("conflict", { key: "admin:refusals.caregiverDoesNotFit" });
      }
    },
    changes: () => ({ caregiverId, confirmedAt: now }),
    after: async (confirmed, tx) => {
      await closeOpenOffer(tx, confirmed.id, "withdrawn", "Assigned to another caregiver by an administrator");
      const [previous] = await tx
        .select({ rank: sql<number>`coalesce(max(${orderOffers.rank}), 0)::int` })
        .from(orderOffers)
        .where(eq(orderOffers.orderId, confirmed.id));
      await tx.insert(orderOffers).values({
        orderId: confirmed.id,
        caregiverId,
        rank: (previous?.rank ?? 0) + 1,
        status: "accepted",
        reason: "Assigned by an administrator",
        offeredAt: now,
        expiresAt: now,
        respondedAt: now,
      });
      await scheduleVisits(tx, confirmed, caregiverId, { onClash: "refuse", now });
      await notifyConfirmed(confirmed, tx, { how: "assigned" });
      await openCareConversation(tx, { clientId: confirmed.clientId, caregiverId, orderId: confirmed.id });
    },
  });
  await recordOrderAssigned({ adminId: admin.id, order, caregiverId, request });
}
