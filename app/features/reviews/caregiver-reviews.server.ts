import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { clientProfiles, orders, reviews, userProfiles } from "~/platform/db/schema";
import type { Role } from "~/utils/roles";
import { PUBLIC_REVIEWS_SHOWN, type PublicReview } from "./review-rules";
import type { ReviewTag } from "./reviews.schema";
import { shortName } from "~/utils/person-name";

// The reads of a caregiver's reviews: what a visitor sees on the public
// profile (comments not hidden, newest first, the family by first name and
// last initial) and what an admin sees to moderate them (everything).

export type PublicReviews = {
  reviews: PublicReview[];
  /** How many reviews the profile could list (their comments not hidden). */
  total: number;
};

/** The newest visible reviews of a caregiver (by their user id), up to `limit`, and how many there are. */
export async function listPublicReviews({
  caregiverId,
  limit = PUBLIC_REVIEWS_SHOWN,
}: {
  caregiverId: string;
  limit?: number;
}): Promise<PublicReviews> {
  const visible = and(eq(reviews.caregiverId, caregiverId), isNull(reviews.hiddenAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        rating: reviews.rating,
        comment: reviews.comment,
        tags: reviews.tags,
        createdAt: reviews.createdAt,
        firstName: clientProfiles.firstName,
        lastName: clientProfiles.lastName,
      })
      .from(reviews)
      .leftJoin(clientProfiles, eq(clientProfiles.userId, reviews.clientId))
      .where(visible)
      .orderBy(desc(reviews.createdAt))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(reviews)
      .where(visible),
  ]);
  return {
    reviews: rows.map((row) => ({
      rating: row.rating,
      comment: row.comment,
      tags: row.tags as ReviewTag[],
      // A family whose profile is gone is still a family: its review keeps its stars and words.
      reviewer: row.firstName ? shortName(row.firstName, row.lastName ?? "") : "",
      createdAt: row.createdAt,
    })),
    total: counted?.total ?? 0,
  };
}

export type AdminReview = {
  id: string;
  orderNumber: string;
  /** The family's full name (the admin may see it). */
  reviewer: string;
  rating: number;
  comment: string;
  tags: ReviewTag[];
  createdAt: Date;
  updatedAt: Date;
  hidden: { at: Date; reason: string; by: string | null } | null;
};

const hider = alias(userProfiles, "hider");

/** Every review of a caregiver, newest first, hidden ones included, for the admin caregiver page. */
export async function listCaregiverReviewsForAdmin({
  actor,
  caregiverId,
}: {
  actor: { id: string; roles: readonly Role[] };
  caregiverId: string;
}): Promise<AdminReview[]> {
  actorAs(actor, "admin");
  const rows = await db
    .select({
      review: reviews,
      orderNumber: orders.orderNumber,
      firstName: clientProfiles.firstName,
      lastName: clientProfiles.lastName,
      hiddenByName: hider.name,
    })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, reviews.clientId))
    .leftJoin(hider, eq(hider.id, reviews.hiddenBy))
    .where(eq(reviews.caregiverId, caregiverId))
    .orderBy(desc(reviews.createdAt));
  return rows.map(({ review, orderNumber, firstName, lastName, hiddenByName }) => ({
    id: review.id,
    orderNumber,
    reviewer: firstName ? `${firstName} ${lastName ?? ""}`.trim() : "",
    rating: review.rating,
    comment: review.comment,
    tags: review.tags as ReviewTag[],
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
    hidden: review.hiddenAt
      ? { at: review.hiddenAt, reason: review.hiddenReason ?? "", by: hiddenByName ?? null }
      : null,
  }));
}
