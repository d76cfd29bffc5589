import { z } from "zod";
import { messageKey } from "~/i18n/message-keys";
import { listParamsSchema, optionalFilter } from "~/utils/list-params";

// The earnings forms: the caregiver's CSV range (both ends optional) and the admin's payout
// actions (docs/product-rules.md, "Billing and pay").

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messageKey("earnings:messages.date"))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), messageKey("earnings:messages.date"));

const optionalDate = z.preprocess((value) => (value === "" || value == null ? undefined : value), isoDate.optional());

export const EARNINGS_RANGE_ORDER_MESSAGE = messageKey("earnings:messages.rangeOrder");

/** The earnings CSV's optional range of dates worked on. */
export const EarningsRangeSchema = z
  .object({ from: optionalDate, to: optionalDate })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: EARNINGS_RANGE_ORDER_MESSAGE,
    path: ["to"],
  });

export const PAYOUT_FAILURE_REASON_MAX = 500;

export const CreatePayoutBatchSchema = z.object({ throughDate: isoDate });

export const PayoutIdSchema = z.object({ payoutId: z.uuid() });
export const BatchIdSchema = z.object({ batchId: z.uuid() });

export const MarkPayoutFailedSchema = z.object({
  payoutId: z.uuid(),
  reason: z
    .string()
    .trim()
    .min(3, messageKey("earnings:admin.errors.reason"))
    .max(PAYOUT_FAILURE_REASON_MAX, messageKey("earnings:admin.errors.reasonLong")),
});

/** What /admin/payouts posts, told apart by its intent; the forms with fields are built from their own member. */
export const CreatePayoutBatchFormSchema = CreatePayoutBatchSchema.extend({ intent: z.literal("create-batch") });
export const MarkPayoutFailedFormSchema = MarkPayoutFailedSchema.extend({ intent: z.literal("mark-failed") });
export const PayoutsActionSchema = z.discriminatedUnion("intent", [
  CreatePayoutBatchFormSchema,
  PayoutIdSchema.extend({ intent: z.literal("mark-paid") }),
  BatchIdSchema.extend({ intent: z.literal("mark-batch-paid") }),
  MarkPayoutFailedFormSchema,
]);

/** "Set up payouts" on the caregiver's earnings page: the button's intent, nothing else. */
export const PayoutSetupSchema = z.object({ intent: z.literal("payout-setup") });

/** How many payout batches a page of /admin/payouts shows. */
export const BATCHES_PAGE_SIZE = 10;
export const PAYOUT_BATCH_SORTS = ["created", "through"] as const;
export type PayoutBatchSort = (typeof PAYOUT_BATCH_SORTS)[number];
/** A batch's payouts can be filtered by their status (the payout states of the database). */
export const PAYOUT_FILTER_STATUSES = ["pending", "paid", "failed"] as const;

/**
 * /admin/payouts' batches: the list kit's parameters, q a caregiver paid in the batch, and a payout status the
 * batch holds (docs/decisions/0040-admin-lists-and-audit-log.md).
 */
export const PayoutBatchesQuerySchema = listParamsSchema({
  sorts: PAYOUT_BATCH_SORTS,
  defaultSort: "created",
  defaultDir: "desc",
  perPage: BATCHES_PAGE_SIZE,
  filters: { status: optionalFilter(PAYOUT_FILTER_STATUSES) },
});
export type PayoutBatchesQuery = z.infer<typeof PayoutBatchesQuerySchema>;
