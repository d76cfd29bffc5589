import { Star } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import {
  FormNotice,
  labelClass,
  linkClass,
  sectionClass,
  SubmitButton,
  TextAreaField,
  FieldError,
} from "~/components/form-controls";
import { leaveReview } from "~/features/reviews/leave-review.server";
import { getOrderFeedback, type OrderFeedback } from "~/features/reviews/order-feedback.server";
import { COMMENT_MAX, REVIEW_TAGS, ReviewSchema } from "~/features/reviews/reviews.schema";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useT, useValidationMessage } from "~/i18n/react";
import { localeOfRequest } from "~/i18n/locale";
import { OrderError } from "~/components/orders/order-error";
import { ReviewStars, ReviewTags } from "~/components/reviews/review-display";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import { useSchemaForm } from "~/components/use-schema-form";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/feedback";
import { useZonedTime } from "~/components/viewer-time-zone";

// The family's feedback on one order (docs/product-rules.md, "Feedback"): stars,
// a comment and tags once a visit is completed; one review per order, which
// they can change for care_settings.feedback_edit_days days, then read only.

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "reviews");
  return [
    {
      title: loaderData
        ? t("feedback.metaTitle", { orderNumber: loaderData.orderNumber })
        : t("feedback.metaTitleFallback"),
    },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  try {
    return await getOrderFeedback({ actor: user, orderNumber: params.orderNumber });
  } catch (error) {
    throwRefusal(error, localeOfRequest(request, user.locale));
  }
}

type ActionResult = {
  status: "created" | "updated" | "invalid" | null;
  /** The fields' errors (message keys) and the values typed, when the form was not valid. */
  result?: SubmissionResult<string[]>;
  message: string | null;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale } = getServerT(request, "reviews", user.locale);
  const submission = await parseForm(request, ReviewSchema);
  if (submission.status !== "success") {
    return data<ActionResult>({ status: "invalid", result: submission.reply(), message: null }, 400);
  }
  try {
    const { status } = await leaveReview({ actor: user, orderNumber: params.orderNumber, input: submission.value });
    return { status, message: null } satisfies ActionResult;
  } catch (error) {
    return refusalData(error, locale, ({ text }): ActionResult => ({ status: null, message: text }));
  }
}

export default function ClientFeedback({ loaderData: feedback, actionData }: Route.ComponentProps) {
  const { t } = useT("reviews");
  const zoned = useZonedTime();
  const when = (date: Date) => zoned.dateTime(date, feedback.timeZone);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header>
        <Link to={`/dashboard/appointments/order/${feedback.orderId}`} className={linkClass}>
          {t("feedback.backToOrder")}
        </Link>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t("feedback.heading")}
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {t("feedback.orderLine", { orderNumber: feedback.orderNumber })}
        </p>
      </header>

      {(actionData?.status === "created" || actionData?.status === "updated") && (
        <FormNotice tone="success">
          {actionData.status === "created" ? t("feedback.created") : t("feedback.updated")}
        </FormNotice>
      )}
      {actionData?.message && <FormNotice tone="error">{actionData.message}</FormNotice>}

      {feedback.state === "waiting" && (
        <section aria-labelledby="waiting-heading" className={sectionClass}>
          <h2 id="waiting-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("feedback.waitingHeading")}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-200">{t("feedback.waitingBody")}</p>
        </section>
      )}

      {feedback.state === "closed" && feedback.review && (
        <ClosedReview feedback={feedback} review={feedback.review} when={when} />
      )}

      {(feedback.state === "new" || feedback.state === "editable") && (
        // Keyed by the saved review, so that the form starts again from what was saved.
        <ReviewForm
          key={feedback.review?.updatedAt.toISOString() ?? "new"}
          feedback={feedback}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          when={when}
        />
      )}
    </div>
  );
}

function ClosedReview({
  feedback,
  review,
  when,
}: {
  feedback: OrderFeedback;
  review: NonNullable<OrderFeedback["review"]>;
  when: (date: Date) => string;
}) {
  const { t } = useT("reviews");
  return (
    <section aria-labelledby="closed-heading" className={`${sectionClass} space-y-4`}>
      <h2 id="closed-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("feedback.closedHeading")}
      </h2>
      <FormNotice tone="warning">
        {t("feedback.closedNotice", { date: when(review.createdAt), days: feedback.editDays })}
      </FormNotice>
      {review.isHidden && <p className="text-sm text-slate-700 dark:text-slate-200">{t("feedback.commentHidden")}</p>}
      <dl className="space-y-3">
        <div>
          <dt className={labelClass}>{t("feedback.yourRating")}</dt>
          <dd className="mt-1">
            <ReviewStars rating={review.rating} />
          </dd>
        </div>
        <div>
          <dt className={labelClass}>{t("feedback.yourComment")}</dt>
          <dd className="mt-1 whitespace-pre-line text-slate-800 dark:text-slate-100">
            {review.comment || t("feedback.noComment")}
          </dd>
        </div>
        <div>
          <dt className={labelClass}>{t("feedback.yourTags")}</dt>
          <dd className="mt-1">
            {review.tags.length > 0 ? (
              <ReviewTags tags={review.tags} />
            ) : (
              <span className="text-slate-800 dark:text-slate-100">{t("feedback.noTags")}</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function ReviewForm({
  feedback,
  lastResult,
  when,
}: {
  feedback: OrderFeedback;
  lastResult: SubmissionResult<string[]> | undefined;
  when: (date: Date) => string;
}) {
  const { t } = useT("reviews");
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  const review = feedback.review;
  const [rating, setRating] = useState(review?.rating ?? 0);
  // The same schema checks the review in the browser first; the server's answer brings its errors back.
  const [form, fields] = useSchemaForm(ReviewSchema, { lastResult, id: "review" });
  const errorText = useValidationMessage();
  // A star chosen since the last send answers "choose a rating" at once.
  const ratingError = rating ? undefined : errorText(fields.rating.errors?.[0]);
  const tagsError = errorText(fields.tags.errors?.[0]);
  return (
    <section aria-labelledby="form-heading" className={sectionClass}>
      <h2 id="form-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {feedback.caregiverName
          ? t("feedback.question", { name: feedback.caregiverName })
          : t("feedback.questionNoName")}
      </h2>
      {feedback.editableUntil && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {t("feedback.editableUntil", { date: when(feedback.editableUntil) })}
        </p>
      )}
      {review?.isHidden && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{t("feedback.commentHidden")}</p>
      )}
      <Form method="post" className="mt-4 space-y-5" {...getFormProps(form)}>
        <fieldset aria-describedby={`rating-hint${ratingError ? " rating-error" : ""}`}>
          <legend className={labelClass}>{t("feedback.ratingLegend")}</legend>
          <p id="rating-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t("feedback.ratingHint")}
          </p>
          <div className="mt-2 grid grid-cols-5 gap-2">
            {[1, 2, 3, 4, 5].map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-300 bg-white px-1 py-2 text-slate-800 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:text-teal-950 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:has-[:checked]:bg-teal-950 dark:has-[:checked]:text-teal-50"
              >
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  className="sr-only"
                />
                <Star
                  aria-hidden="true"
                  className={`size-7 ${value <= rating ? "fill-amber-400 text-amber-600" : "text-slate-400 dark:text-slate-500"}`}
                />
                <span className="text-sm font-semibold">{value}</span>
                <span className="text-center text-xs leading-tight break-words hyphens-auto">
                  {t(`ratingWords.${value}`)}
                </span>
              </label>
            ))}
          </div>
          {ratingError && <FieldError id="rating-error">{ratingError}</FieldError>}
        </fieldset>

        <TextAreaField
          label={t("feedback.commentLabel")}
          hint={t("feedback.commentHint")}
          field={fields.comment}
          rows={5}
          maxLength={COMMENT_MAX}
          defaultValue={fields.comment.defaultValue ?? review?.comment ?? ""}
        />

        <fieldset aria-describedby={tagsError ? "tags-error" : undefined}>
          <legend className={labelClass}>{t("feedback.tagsLegend")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {REVIEW_TAGS.map((tag) => (
              <label
                key={tag}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:text-teal-950 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:has-[:checked]:bg-teal-950 dark:has-[:checked]:text-teal-50"
              >
                <input
                  type="checkbox"
                  name="tags"
                  value={tag}
                  defaultChecked={review?.tags.includes(tag)}
                  className="size-4 accent-teal-700"
                />
                {t(`tags.${tag}`)}
              </label>
            ))}
          </div>
          {tagsError && <FieldError id="tags-error">{tagsError}</FieldError>}
        </fieldset>

        <SubmitButton isPending={isSaving} pendingLabel={t("feedback.sending")}>
          {review ? t("feedback.save") : t("feedback.send")}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT("reviews");
  return <OrderError error={error} backTo="/dashboard/appointments" backLabel={t("feedback.backToAppointments")} />;
}
