import { data } from "react-router";
import type { CurrentUser } from "~/platform/auth/session.server";
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

export const REVIEW_INTENTS = ["hide-review", "show-review"] as const;

export function isReviewIntent(intent: unknown): intent is (typeof REVIEW_INTENTS)[number] {
  return REVIEW_INTENTS.includes(intent as (typeof REVIEW_INTENTS)[number]);
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
  form: Record<string, FormDataEntryValue>,
  change: { actor: Admin; caregiverId: string; request: Request },
  locale: Locale,
) {
  const t = getFixedT(locale, "reviews");
  if (form.intent === "hide-review") {
    const parsed = HideReviewSchema.safeParse(form);
    if (!parsed.success) {
      return data({ ok: false as const, message: validationText(locale, parsed.error.issues[0]!) }, { status: 400 });
    }
    await hideReview({ ...change, ...parsed.data });
    return { ok: true as const, message: t("admin.hidden") };
  }
  const parsed = UnhideReviewSchema.safeParse(form);
  if (!parsed.success) return data({ ok: false as const, message: t("admin.unknownAction") }, { status: 400 });
  await unhideReview({ ...change, ...parsed.data });
  return { ok: true as const, message: t("admin.shown") };
}
