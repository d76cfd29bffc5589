import { eq, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db, type Tx } from "~/platform/db/client.server";
import { caregiverProfiles, reviews } from "~/platform/db/schema";
import { getCareSettings } from "~/features/visits/public.server";
import { AppError } from "~/utils/app-error";
import { caregiverToRate } from "~/features/orders/public.server";
import { findClientOrder, type FeedbackActor } from "./order-feedback.server";
import { editableUntil, ratingRollup } from "./review-rules";
import type { ReviewInput } from "./reviews.schema";

// The family leaves or changes its feedback on an order (docs/product-rules.md,
// "Feedback"). One transaction: the order row is locked (one review per order,
// also when two tabs send at once), the review written, and the caregiver's
// rating recomputed from all their reviews.

export async function leaveReview({
  actor,
  orderNumber,
  input,
  now = new Date(),
}: {
  actor: FeedbackActor;
  orderNumber: string;
  input: ReviewInput;
  now?: Date;
}): Promise<{ status: "created" | "updated" }> {
  const client = actorAs(actor, "client");
  return db.transaction(async (tx) => {
    const order = await findClientOrder(tx, client.id, orderNumber, { lock: true });
    const [existing] = await tx.select().from(reviews).where(eq(reviews.orderId, order.id));
    const values = { rating: input.rating, comment: input.comment, tags: [...input.tags] };
    if (existing) {
      const { feedbackEditDays } = await getCareSettings(tx);
      if (now >= editableUntil(existing.createdAt, feedbackEditDays)) {
        throw new AppError("conflict", { key: "reviews:refusals.editClosed" });
      }
      await tx
        .update(reviews)
        .set({ ...values, updatedAt: now })
        .where(eq(reviews.id, existing.id));
      await refreshCaregiverRating(tx, existing.caregiverId);
      return { status: "updated" as const };
    }
    const caregiverId = await caregiverToRate(tx, order.id);
    if (!caregiverId) throw new AppError("conflict", { key: "reviews:refusals.notYet" });
    await tx.insert(reviews).values({
      ...values,
      orderId: order.id,
      clientId: client.id,
      caregiverId,
      createdAt: now,
      updatedAt: now,
    });
    await refreshCaregiverRating(tx, caregiverId);
    return { status: "created" as const };
  });
}

/**
 * caregiver_profiles.rating_avg and rating_count from all the caregiver's
 * reviews (hidden comments too: hiding takes the words away, not the stars).
 * The profile row is locked first, so that the aggregate, a statement of its
 * own, sees every review committed before, also one written at the same moment
 * for another order of the same caregiver. NO KEY UPDATE, not UPDATE: the
 * review's foreign key already holds a KEY SHARE lock on the row, which
 * UPDATE would wait for in every such transaction at once (a deadlock).
 */
export async function refreshCaregiverRating(tx: Tx, caregiverId: string): Promise<void> {
  await tx
    .select({ userId: caregiverProfiles.userId })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiverId))
    .for("no key update");
  const [totals] = await tx
    .select({ sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.caregiverId, caregiverId));
  await tx
    .update(caregiverProfiles)
    .set(ratingRollup(totals?.sum ?? 0, totals?.count ?? 0))
    .where(eq(caregiverProfiles.userId, caregiverId));
}
