import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { db } from "~/platform/db/client.server";
import { reviews } from "~/platform/db/schema";
import type { MessageRef } from "~/i18n/message-keys";
import { AppError } from "~/utils/app-error";
import type { Role } from "~/utils/roles";

// An admin hides an abusive comment from the caregiver's public profile, with
// a reason, or shows it again (docs/product-rules.md, "Feedback"). The stars
// keep counting in the caregiver's rating either way. Both are written to the
// audit log (review_hidden, review_unhidden).

type Admin = { id: string; roles: readonly Role[] };

type ModerationInput = {
  actor: Admin;
  /** The caregiver whose page the admin is on: a review of another caregiver is "not found". */
  caregiverId: string;
  reviewId: string;
  /** The page request, for the audit event's address and user agent. */
  request?: Request;
  now?: Date;
};

/** Why nothing changed: the review is not this caregiver's, or it is already as asked. */
async function refusal(caregiverId: string, reviewId: string, conflict: MessageRef): Promise<never> {
  const [review] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.caregiverId, caregiverId)));
  if (!review) throw new AppError("not_found", { key: "reviews:refusals.reviewNotFound" });
  throw new AppError("conflict", conflict);
}

export async function hideReview({
  actor,
  caregiverId,
  reviewId,
  reason,
  request,
  now = new Date(),
}: ModerationInput & { reason: string }): Promise<{ status: "hidden" }> {
  const admin = actorAs(actor, "admin");
  const [hidden] = await db
    .update(reviews)
    .set({ hiddenAt: now, hiddenBy: admin.id, hiddenReason: reason })
    .where(and(eq(reviews.id, reviewId), eq(reviews.caregiverId, caregiverId), isNull(reviews.hiddenAt)))
    .returning({ orderId: reviews.orderId });
  if (!hidden) return refusal(caregiverId, reviewId, { key: "reviews:refusals.alreadyHidden" });
  await recordSecurityEvent({
    type: "review_hidden",
    userId: admin.id,
    category: "admin",
    request,
    metadata: { reviewId, caregiverId, orderId: hidden.orderId, reason },
  });
  return { status: "hidden" };
}

export async function unhideReview({
  actor,
  caregiverId,
  reviewId,
  request,
}: ModerationInput): Promise<{ status: "shown" }> {
  const admin = actorAs(actor, "admin");
  const [shown] = await db
    .update(reviews)
    .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null })
    .where(and(eq(reviews.id, reviewId), eq(reviews.caregiverId, caregiverId), isNotNull(reviews.hiddenAt)))
    .returning({ orderId: reviews.orderId });
  if (!shown) return refusal(caregiverId, reviewId, { key: "reviews:refusals.notHidden" });
  await recordSecurityEvent({
    type: "review_unhidden",
    userId: admin.id,
    category: "admin",
    request,
    metadata: { reviewId, caregiverId, orderId: shown.orderId },
  });
  return { status: "shown" };
}
