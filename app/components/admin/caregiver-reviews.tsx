import { Form, useNavigation } from "react-router";
import { inputClass, labelClass, sectionClass, SubmitButton } from "~/components/form-controls";
import { HIDE_REASON_MAX } from "~/features/reviews/reviews.schema";
import { useT } from "~/i18n/react";
import { ReviewStars, ReviewTags } from "~/components/reviews/review-display";
import type { AdminReview } from "~/features/reviews/caregiver-reviews.server";

/** A caregiver's reviews as the admin's page shows them, times already written (routes/admin/caregiver-reviews.server.ts). */
export type CaregiverReviewRows = (Omit<AdminReview, "createdAt" | "updatedAt" | "hidden"> & {
  left: string;
  edited: string | null;
  hidden: { at: string; reason: string; by: string | null } | null;
})[];

// The Reviews section of the admin caregiver page: every review of the
// caregiver, newest first, and for each comment a form to hide it with a
// reason (its stars keep counting) or to show it again.

export function CaregiverReviewsSection({ reviews }: { reviews: CaregiverReviewRows }) {
  const { t } = useT("reviews");
  const navigation = useNavigation();
  const busy = (reviewId: string) =>
    navigation.state === "submitting" && navigation.formData?.get("reviewId") === reviewId;
  return (
    <section aria-labelledby="reviews-heading" className={sectionClass}>
      <h2 id="reviews-heading" className="mb-3 text-xl font-semibold text-slate-900 dark:text-white">
        {t("admin.heading")}
      </h2>
      {reviews.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t("admin.none")}</p>
      ) : (
        <ul className="space-y-5">
          {reviews.map((review) => {
            const reasonId = `review-${review.id}-reason`;
            return (
              <li
                key={review.id}
                aria-label={t("admin.order", { orderNumber: review.orderNumber })}
                className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <ReviewStars rating={review.rating} size="size-4" />
                  <span className="text-sm font-medium text-slate-800 dark:text-slate-200">
                    {t("admin.order", { orderNumber: review.orderNumber })}
                  </span>
                </div>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {review.reviewer
                    ? t("admin.by", { name: review.reviewer, date: review.left })
                    : t("admin.byNoName", { date: review.left })}
                  {review.edited ? ` · ${t("admin.edited", { date: review.edited })}` : ""}
                </p>
                {/* The family's own words, as they wrote them. */}
                {review.comment && (
                  <p className="whitespace-pre-line text-slate-900 dark:text-slate-100">{review.comment}</p>
                )}
                <ReviewTags tags={review.tags} />
                {review.hidden ? (
                  <>
                    <p className="text-sm font-medium text-amber-900 dark:text-amber-200">
                      {review.hidden.by
                        ? t("admin.hiddenBy", {
                            name: review.hidden.by,
                            date: review.hidden.at,
                            reason: review.hidden.reason,
                          })
                        : t("admin.hiddenByFormer", { date: review.hidden.at, reason: review.hidden.reason })}
                    </p>
                    <Form method="post">
                      <input type="hidden" name="intent" value="show-review" />
                      <input type="hidden" name="reviewId" value={review.id} />
                      <SubmitButton isPending={busy(review.id)} pendingLabel={t("admin.saving")} variant="secondary">
                        {t("admin.show")}
                      </SubmitButton>
                    </Form>
                  </>
                ) : (
                  review.comment && (
                    <>
                      <p className="text-sm text-slate-700 dark:text-slate-300">{t("admin.visible")}</p>
                      <Form method="post" className="space-y-2">
                        <input type="hidden" name="intent" value="hide-review" />
                        <input type="hidden" name="reviewId" value={review.id} />
                        <label htmlFor={reasonId} className={labelClass}>
                          {t("admin.reasonLabel")}
                        </label>
                        <textarea
                          id={reasonId}
                          name="reason"
                          rows={2}
                          required
                          minLength={3}
                          maxLength={HIDE_REASON_MAX}
                          className={inputClass}
                        />
                        <SubmitButton isPending={busy(review.id)} pendingLabel={t("admin.saving")} variant="secondary">
                          {t("admin.hide")}
                        </SubmitButton>
                      </Form>
                    </>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
