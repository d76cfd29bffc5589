import { Star } from "lucide-react";
import { useT } from "~/i18n/react";

// How a review reads wherever it is shown (the family's feedback page, the
// caregiver's public profile, the admin caregiver page): its stars, named
// for screen readers, and its tags as chips (the `reviews` messages).

export function ReviewStars({ rating, size = "size-5" }: { rating: number; size?: string }) {
  const { t } = useT("reviews");
  return (
    <span className="inline-flex items-center gap-0.5">
      <span className="sr-only">{t("starsLabel", { count: rating })}</span>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          aria-hidden="true"
          className={`${size} ${value <= rating ? "fill-amber-400 text-amber-600" : "text-slate-400 dark:text-slate-500"}`}
        />
      ))}
    </span>
  );
}

export const tagChipClass =
  "inline-block rounded-full bg-teal-50 px-3 py-1 text-sm font-medium text-teal-900 dark:bg-teal-950 dark:text-teal-100";

export function ReviewTags({ tags, label }: { tags: readonly string[]; label?: string }) {
  const { t } = useT("reviews");
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag} className={tagChipClass}>
          {t(`tags.${tag}`)}
        </li>
      ))}
    </ul>
  );
}
