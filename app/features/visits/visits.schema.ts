import { z } from "zod";
import { CheckEventSchema } from "./visit-rules";

// What the check-in page and the phone's outbox post (check-outbox.ts,
// docs/decisions/0013-offline-check-in-outbox.md): one field, `event`, the
// check event as JSON. Text that is not JSON is refused like any other
// malformed event.

export const CheckPostSchema = z.object({
  event: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "validation:fieldInvalid" });
        return z.NEVER;
      }
    })
    .pipe(CheckEventSchema),
});

/** "Can't make it?" (cancel-visit-control.tsx): why, and the caregiver's confirmation. */
export const CancelVisitSchema = z.object({
  reason: z.string().trim().min(1, "alerts:refusals.reasonNeeded").max(500, "alerts:refusals.reasonTooLong"),
  confirm: z.literal("yes", { error: "alerts:cancel.confirmNeeded" }),
});

/** Accept on a backup offer's page (routes/caregiver/backup-offer.tsx): the offer taken. */
export const AcceptBackupOfferSchema = z.object({ intent: z.literal("accept"), offerId: z.uuid() });
