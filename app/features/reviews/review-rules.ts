import type { ReviewTag } from "./reviews.schema";

// The rules of the family's feedback (docs/product-rules.md, "Feedback"), with
// no I/O so that the page and the unit tests share them:
// - an order can be rated once one of its visits is completed;
// - one review per order, which the family can change for
//   care_settings.feedback_edit_days days after leaving it, then read only;
// - a caregiver's rating is the average and count of all their reviews'
//   stars, hidden comments included (hiding takes the words away, not the stars).

/** The tags' English names (the reviews namespace's `tags`, checked by review-rules.test.ts). */
export const REVIEW_TAG_LABELS: Record<ReviewTag, string> = {
  punctual: "Punctual",
  kind: "Kind",
  skilled: "Skilled",
  communicative: "Communicative",
};

export const DAY_MS = 86_400_000;

/**
 * Where the family stands with an order's feedback:
 * - `waiting`: no visit completed yet, so nothing to rate;
 * - `new`: a visit is completed and no review left yet;
 * - `editable`: the review can still be changed (until `editableUntil`);
 * - `closed`: the review is there to read, no longer to change.
 */
export type FeedbackState = "waiting" | "new" | "editable" | "closed";

/** The moment a review left at `createdAt` stops being editable. */
export function editableUntil(createdAt: Date, editDays: number): Date {
  return new Date(createdAt.getTime() + editDays * DAY_MS);
}

export function feedbackState({
  completedVisits,
  reviewCreatedAt,
  editDays,
  now,
}: {
  completedVisits: number;
  reviewCreatedAt: Date | null;
  editDays: number;
  now: Date;
}): FeedbackState {
  if (reviewCreatedAt) return now < editableUntil(reviewCreatedAt, editDays) ? "editable" : "closed";
  return completedVisits > 0 ? "new" : "waiting";
}

/**
 * A caregiver's rating from the sum and count of all their reviews' stars:
 * the average to two decimals (caregiver_profiles.rating_avg is numeric(3,2))
 * and the count; no reviews is no rating. Figures seeded without review rows
 * are replaced at the caregiver's first review.
 */
export function ratingRollup(sum: number, count: number): { ratingAvg: number | null; ratingCount: number } {
  if (count <= 0) return { ratingAvg: null, ratingCount: 0 };
  return { ratingAvg: Math.round((sum / count) * 100) / 100, ratingCount: count };
}

/** How many reviews a public profile lists (newest first); the count is shown beside them. */
export const PUBLIC_REVIEWS_SHOWN = 10;

/**
 * A review as a visitor sees it on a caregiver's public profile (its comment
 * not hidden): no ids, and the family named by first name and last initial.
 */
export type PublicReview = {
  rating: number;
  comment: string;
  tags: ReviewTag[];
  reviewer: string;
  createdAt: Date;
};
