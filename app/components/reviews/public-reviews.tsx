import type { PublicReviews } from "~/features/reviews/caregiver-reviews.server";
import { useT } from "~/i18n/react";
import { formatMonthYear } from "~/utils/intl-dates";
import { ReviewStars, ReviewTags } from "./review-display";

// The families' reviews on a caregiver's public profile (routes/public/caregiver-profile.tsx):
// newest first, each with its stars, comment, tags, the family's first name and
// last initial, and the month it was left. Hidden comments never reach here.

export function PublicReviewList({ reviews: { reviews, total } }: { reviews: PublicReviews }) {
  const { t, locale } = useT("reviews");
  return (
    <>
      <ul aria-label={t("profile.listLabel")} className="mt-4 divide-y divide-slate-200">
        {reviews.map((review, index) => {
          const date = formatMonthYear(review.createdAt, locale);
          return (
            <li key={index} className="space-y-2 py-4 first:pt-0">
              <ReviewStars rating={review.rating} size="size-4" />
              {/* The family's own words, as they wrote them. */}
              {review.comment && <p className="leading-relaxed whitespace-pre-line text-slate-800">{review.comment}</p>}
              <ReviewTags tags={review.tags} />
              <p className="text-sm text-slate-600">
                {review.reviewer ? t("profile.by", { name: review.reviewer, date }) : t("profile.byNoName", { date })}
              </p>
            </li>
          );
        })}
      </ul>
      {total > reviews.length && (
        <p className="mt-2 text-sm text-slate-600">{t("profile.showing", { shown: reviews.length, count: total })}</p>
      )}
    </>
  );
}
