import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "~/platform/db/client.server";
import { defineJob, queueJob } from "~/platform/db/job-queue.server";
import { orderOffers } from "~/platform/db/schema";
import { firstVisitStartAfter, offerDeadline } from "./offer-deadline";
import { careRequestOf } from "./order-helpers";
import { matchesForRequest } from "./order-matches.server";
import { loadCareRequest, type CareRequestRow, type OrderRow } from "./order-transitions.server";

// An order offered to one caregiver at a time: the next match not offered it
// before, with a job that passes the offer on when it is left unanswered
// (offers.server.ts answers it: accept, decline, expire).

/**
 * The job that passes an unanswered offer on at its expiry: queued here with
 * the offer, handled in orders.job.ts (its handler, expireOffer, imports this file).
 */
export const offerExpiryJob = defineJob({
  name: "orders.offer-expiry",
  payload: z.object({ offerId: z.string().uuid() }),
});

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
  return insertOffer(tx, order, request, {
    caregiverId: match.caregiverId,
    rank: previous.length + 1,
    now: options.now,
  });
}

/**
 * The open offer row to one caregiver and the job that passes it on at its expiry: the matching's next offer
 * (createNextOffer), or an administrator's by hand (`offeredBy`, assign-caregiver.server.ts). In the
 * caller's transaction, on the locked order with no open offer.
 */
export async function insertOffer(
  tx: Tx,
  order: Pick<OrderRow, "id">,
  request: CareRequestRow,
  offer: { caregiverId: string; rank: number; now?: Date; offeredBy?: { adminId: string; reason: string } },
): Promise<NewOffer> {
  const now = offer.now ?? new Date();
  // Due before the care starts (docs/product-rules.md, "Offer deadlines").
  const expiresAt = offerDeadline({
    now,
    firstVisitStartsAt: firstVisitStartAfter(careRequestOf(request), request.timeZone, now),
  });
  const [row] = await tx
    .insert(orderOffers)
    .values({
      orderId: order.id,
      caregiverId: offer.caregiverId,
      rank: offer.rank,
      offeredAt: now,
      expiresAt,
      offeredBy: offer.offeredBy?.adminId ?? null,
      offeredByReason: offer.offeredBy?.reason ?? null,
    })
    .returning({ id: orderOffers.id });
  await queueJob(offerExpiryJob, { offerId: row!.id }, { tx, key: `offer:${row!.id}`, runAt: expiresAt });
  return { offerId: row!.id, caregiverId: offer.caregiverId, expiresAt, rank: offer.rank };
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
