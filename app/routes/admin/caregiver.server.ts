import { z } from "zod";
import type { CurrentUser } from "~/platform/auth/session.server";
import { VettingFormSchemas } from "~/features/caregiver-vetting/vetting";
import { listCaregiverReviewsForAdmin } from "~/features/reviews/caregiver-reviews.server";
import { hideReview, unhideReview } from "~/features/reviews/hide-review.server";
import { HideReviewSchema, UnhideReviewSchema } from "~/features/reviews/reviews.schema";
import type { Locale } from "~/i18n/config";
import { getFixedT, validationText } from "~/i18n/i18n.server";
import { VIEWER_TIME_ZONE, formatDateTime } from "~/utils/datetime";
import type { CaregiverReviewRows } from "~/components/admin/caregiver-reviews";

// The Reviews section of the admin caregiver page (routes/admin/caregiver.tsx):
// its data, and its two intents, `hide-review` (with a reason) and
// `show-review`. The page's action passes these intents here.

type Admin = Pick<CurrentUser, "id" | "roles">;

const ReviewFormSchemas = [
  HideReviewSchema.extend({ intent: z.literal("hide-review") }),
  UnhideReviewSchema.extend({ intent: z.literal("show-review") }),
] as const;

/** What the admin's caregiver page posts, told apart by its intent: the vetting forms and the reviews'. */
export const AdminCaregiverActionSchema = z.discriminatedUnion("intent", [...VettingFormSchemas, ...ReviewFormSchemas]);

type ReviewChange = z.output<(typeof ReviewFormSchemas)[number]>;
export type VettingChange = z.output<(typeof VettingFormSchemas)[number]>;

export function isReviewChange(value: { intent: string }): value is ReviewChange {
  return value.intent === "hide-review" || value.intent === "show-review";
}

/** The words for a review's form the schema refused, or undefined when the post is not a review's. */
export function refusedReviewText(intent: unknown, errors: Record<string, string[] | null>, locale: Locale) {
  if (intent === "hide-review") {
    const first = Object.values(errors).flat()[0];
    return first ? validationText(locale, first) : undefined;
  }
  if (intent === "show-review") return getFixedT(locale, "reviews")("admin.unknownAction");
  return undefined;
}

/** The caregiver's reviews with their dates written out in the admin's zone (UTC, named). */
export async function loadCaregiverReviews({
  actor,
  caregiverId,
  locale,
}: {
  actor: Admin;
  caregiverId: string;
  locale: Locale;
}): Promise<CaregiverReviewRows> {
  const when = (date: Date) => formatDateTime(date, VIEWER_TIME_ZONE, locale);
  const reviews = await listCaregiverReviewsForAdmin({ actor, caregiverId });
  return reviews.map(({ createdAt, updatedAt, hidden, ...review }) => ({
    ...review,
    left: when(createdAt),
    edited: updatedAt.getTime() > createdAt.getTime() ? when(updatedAt) : null,
    hidden: hidden ? { ...hidden, at: when(hidden.at) } : null,
  }));
}

/** Hides or shows a review's comment; a refusal (an AppError) is thrown for the page's action to answer. */
export async function moderateReview(
  value: ReviewChange,
  change: { actor: Admin; caregiverId: string; request: Request },
  locale: Locale,
) {
  const t = getFixedT(locale, "reviews");
  if (value.intent === "hide-review") {
    await hideReview({ ...change, reviewId: value.reviewId, reason: value.reason });
    return { ok: true as const, message: t("admin.hidden") };
  }
  await unhideReview({ ...change, reviewId: value.reviewId });
  return { ok: true as const, message: t("admin.shown") };
}
