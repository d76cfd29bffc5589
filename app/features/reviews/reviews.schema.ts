import { z } from "zod";
import { REVIEW_TAGS } from "~/db/schema";

// The family's feedback form and the admin's moderation form (docs/product-rules.md,
// "Feedback"): one schema each, used by the form in the browser and parsed
// again by the action. The messages are English; the reviews namespace holds
// the same texts under `errors` (review-rules.test.ts checks it), so the page
// shows them in the reader's language.

export { REVIEW_TAGS };
export type ReviewTag = (typeof REVIEW_TAGS)[number];

export const COMMENT_MAX = 2000;
export const HIDE_REASON_MAX = 500;

export const REVIEW_FORM_MESSAGES = {
  ratingRequired: "Choose from 1 to 5 stars.",
  commentTooLong: "Keep your comment under 2,000 characters.",
  unknownTag: "Choose tags from the list.",
  reasonRequired: "Please say why this comment is hidden.",
  reasonTooLong: "Keep the reason under 500 characters.",
} as const;

export const ReviewSchema = z.object({
  rating: z.coerce
    .number({ error: REVIEW_FORM_MESSAGES.ratingRequired })
    .int(REVIEW_FORM_MESSAGES.ratingRequired)
    .min(1, REVIEW_FORM_MESSAGES.ratingRequired)
    .max(5, REVIEW_FORM_MESSAGES.ratingRequired),
  comment: z.string().trim().max(COMMENT_MAX, REVIEW_FORM_MESSAGES.commentTooLong).default(""),
  tags: z
    .array(z.enum(REVIEW_TAGS, { error: REVIEW_FORM_MESSAGES.unknownTag }))
    .max(REVIEW_TAGS.length, REVIEW_FORM_MESSAGES.unknownTag)
    // Each tag once, in the list's order.
    .transform((tags) => REVIEW_TAGS.filter((tag) => tags.includes(tag))),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;

/** The review form's fields from a form (tags is a group of checkboxes: every checked value). */
export function reviewFormValues(form: FormData): Record<string, unknown> {
  const rating = form.get("rating");
  return {
    // No star chosen is "", which must not coerce to 0 silently: it fails as a missing rating.
    rating: typeof rating === "string" && rating !== "" ? rating : undefined,
    comment: typeof form.get("comment") === "string" ? form.get("comment") : "",
    tags: form.getAll("tags").filter((value) => typeof value === "string"),
  };
}

export const HideReviewSchema = z.object({
  reviewId: z.uuid(),
  reason: z
    .string({ error: REVIEW_FORM_MESSAGES.reasonRequired })
    .trim()
    .min(3, REVIEW_FORM_MESSAGES.reasonRequired)
    .max(HIDE_REASON_MAX, REVIEW_FORM_MESSAGES.reasonTooLong),
});

export const UnhideReviewSchema = z.object({ reviewId: z.uuid() });
