import { z } from "zod";
import { REVIEW_TAGS } from "~/platform/db/schema";
import { messageKey } from "~/i18n/message-keys";

// The family's feedback form and the admin's moderation form (docs/product-rules.md,
// "Feedback"): one schema each, used by the form in the browser and parsed
// again by the action. The messages are keys of the reviews namespace's
// `errors`, worded in the reader's language by the route or the form
// (docs/decisions/0025-messages-as-keys.md).

export { REVIEW_TAGS };
export type ReviewTag = (typeof REVIEW_TAGS)[number];

export const COMMENT_MAX = 2000;
export const HIDE_REASON_MAX = 500;

const RATING_REQUIRED = messageKey("reviews:errors.ratingRequired");
const UNKNOWN_TAG = messageKey("reviews:errors.unknownTag");
const REASON_REQUIRED = messageKey("reviews:errors.reasonRequired");

export const ReviewSchema = z.object({
  rating: z.preprocess(
    // No star chosen is "" (or nothing at all), which must not coerce to 0 silently: it fails as a missing rating.
    (rating) => (rating === "" ? undefined : rating),
    z.coerce.number({ error: RATING_REQUIRED }).int(RATING_REQUIRED).min(1, RATING_REQUIRED).max(5, RATING_REQUIRED),
  ),
  comment: z.string().trim().max(COMMENT_MAX, messageKey("reviews:errors.commentTooLong")).default(""),
  tags: z.preprocess(
    // A group of checkboxes: none ticked sends nothing, one a single value, more a list.
    (tags) => (tags === undefined ? [] : Array.isArray(tags) ? tags : [tags]),
    z
      .array(z.enum(REVIEW_TAGS, { error: UNKNOWN_TAG }))
      .max(REVIEW_TAGS.length, UNKNOWN_TAG)
      // Each tag once, in the list's order.
      .transform((tags) => REVIEW_TAGS.filter((tag) => tags.includes(tag))),
  ),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;

export const HideReviewSchema = z.object({
  reviewId: z.uuid(),
  reason: z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(3, REASON_REQUIRED)
    .max(HIDE_REASON_MAX, messageKey("reviews:errors.reasonTooLong")),
});

export const UnhideReviewSchema = z.object({ reviewId: z.uuid() });
