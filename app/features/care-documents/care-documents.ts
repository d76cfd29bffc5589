import { z } from "zod";
import type { MessageKey } from "~/i18n/message-keys";
import { CARE_DOCUMENT_KINDS, type CareDocumentKind, type OrderStatus } from "~/platform/db/schema";

// The rules of the family's care documents (docs/product-rules.md, "Care documents";
// docs/decisions/0038-care-documents.md). Pure: the schemas, the limits and who may read.

export { CARE_DOCUMENT_KINDS, type CareDocumentKind };

/** One file: as a caregiver's document. */
export const CARE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** What one family may keep (deleted documents no longer count). */
export const CARE_DOCUMENT_QUOTA = { maxFiles: 30, maxTotalBytes: 100 * 1024 * 1024 } as const;

/** A care plan's tasks: at most this many lines, each at most this long. */
export const CARE_PLAN_MAX_TASKS = 30;
export const CARE_PLAN_TASK_MAX_LENGTH = 200;

/**
 * The order states in which the order's caregiver may read what is shared with it: confirmed (the caregiver
 * accepted; the first visit is coming) and in progress. Submitted and offered orders have no caregiver yet;
 * completed and cancelled ones are over, and the permission ends with them.
 */
export const SHARING_ORDER_STATUSES = ["confirmed", "in_progress"] as const satisfies readonly OrderStatus[];

export function isSharingOrderStatus(status: OrderStatus): boolean {
  return (SHARING_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

export const CARE_DOCUMENT_ERRORS = {
  missing: "documents:errors.missing",
  empty: "documents:errors.empty",
  tooLarge: "documents:errors.tooLarge",
  wrongType: "documents:errors.wrongType",
  tooManyFiles: "documents:errors.tooManyFiles",
  quotaExceeded: "documents:errors.quotaExceeded",
  notFound: "documents:errors.notFound",
  orderNotShareable: "documents:errors.orderNotShareable",
  recipientNotFound: "documents:errors.recipientNotFound",
} as const satisfies Record<string, MessageKey>;

/** The tasks typed in a care plan's box: one a line, blank lines and repeats left out. */
export function tasksOfText(text: string): string[] {
  const tasks = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return [...new Set(tasks)];
}

const tasksField = z
  .string()
  .max(CARE_PLAN_MAX_TASKS * (CARE_PLAN_TASK_MAX_LENGTH + 2), "documents:validation.tasksTooLong")
  .optional()
  .transform((text) => tasksOfText(text ?? ""))
  .refine((tasks) => tasks.length <= CARE_PLAN_MAX_TASKS, "documents:validation.tooManyTasks")
  .refine(
    (tasks) => tasks.every((task) => task.length <= CARE_PLAN_TASK_MAX_LENGTH),
    "documents:validation.taskTooLong",
  );

export const UploadCareDocumentSchema = z.object({
  intent: z.literal("upload"),
  kind: z.enum(CARE_DOCUMENT_KINDS, { error: "documents:validation.kind" }),
  title: z
    .string({ error: "documents:validation.title" })
    .trim()
    .min(1, "documents:validation.title")
    .max(120, "documents:validation.titleTooLong"),
  careRecipientId: z.string().optional(),
  tasks: tasksField,
  file: z.unknown().optional(),
});

export const DeleteCareDocumentSchema = z.object({ intent: z.literal("delete"), documentId: z.string() });

export const ShareCareDocumentSchema = z.object({
  intent: z.literal("share"),
  documentId: z.string(),
  orderId: z.string(),
  /** "on" to share, absent to stop sharing. */
  shared: z.enum(["on", "off"]),
});

export const CareDocumentsActionSchema = z.discriminatedUnion("intent", [
  UploadCareDocumentSchema,
  DeleteCareDocumentSchema,
  ShareCareDocumentSchema,
]);

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
