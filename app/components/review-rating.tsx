import { Star } from "lucide-react";
import { useFormat, useT } from "~/i18n/react";

/**
 * A caregiver's average rating and how many reviews it comes from, "4.8 (1
 * review)", "4.8 (12 reviews)", with the language's plural (the one key
 * `common:rating.withReviews`). Nothing when there are no reviews yet.
 */
export function ReviewRating({
  ratingAvg,
  ratingCount,
  className = "inline-flex items-center gap-1",
}: {
  ratingAvg: number | null;
  ratingCount: number;
  className?: string;
}) {
  const { t } = useT("common");
  const format = useFormat();
  if (ratingAvg === null || ratingCount === 0) return null;
  return (
    <span className={className}>
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      {t("rating.withReviews", {
        rating: format.number(ratingAvg, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        count: ratingCount,
      })}
    </span>
  );
}
