import { z } from "zod";
import { ORDER_STATUSES } from "~/platform/db/schema";
import { messageKey } from "~/i18n/message-keys";
import { listParamsSchema, optionalFilter } from "~/utils/list-params";

// The order states, for routes (which never import app/platform/db).
export { ORDER_STATUSES };
export type { OrderStatus } from "~/platform/db/schema";

// The /admin/orders filters and the order actions' forms.

const optionalDate = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, messageKey("validation:request.dateRequired"))
  .transform((value) => value || undefined);

/** The admin list's sorts: newest first unless asked otherwise. */
export const ADMIN_ORDER_SORTS = ["submitted", "number", "status", "starts"] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** /admin/orders' URL: the list kit's parameters and the order filters (docs/decisions/0040-admin-lists-and-audit-log.md). */
export const AdminOrdersQuerySchema = listParamsSchema({
  sorts: ADMIN_ORDER_SORTS,
  defaultSort: "submitted",
  defaultDir: "desc",
  filters: {
    status: optionalFilter(ORDER_STATUSES),
    from: optionalDate.catch(undefined),
    to: optionalDate.catch(undefined),
    caregiver: z.string().trim().max(100).catch(""),
    client: z.string().trim().max(100).catch(""),
  },
});

export const CancelOrderSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, messageKey("orders:refusals.cancelReasonMissing"))
    .max(1000, messageKey("orders:refusals.cancelReasonTooLong")),
});

/** Why an administrator offers an order by hand: required, as any override (assign-caregiver.server.ts). */
export const AssignReasonSchema = z
  .string()
  .trim()
  .min(3, messageKey("admin:refusals.assignReasonMissing"))
  .max(1000, messageKey("admin:refusals.assignReasonTooLong"));

export const AssignCaregiverSchema = z.object({
  caregiverId: z.string().trim().min(1, messageKey("admin:order.chooseCaregiver")),
  reason: AssignReasonSchema,
});

/**
 * The family's choice on the request's thank-you page: one of the matches (their caregiver id), or
 * none (an empty id) to let Tendly choose.
 */
export const ChooseCaregiverSchema = z.object({
  orderId: z.uuid(),
  caregiverId: z.string().max(100),
});

/** The family's "Cancel order" on their order's page: why, in a few words (no intent field is sent). */
export const ClientCancelOrderSchema = z.object({
  intent: z.literal("cancel").optional(),
  reason: z
    .string()
    .trim()
    .min(3, messageKey("orders:refusals.cancelReasonRequired"))
    .max(500, messageKey("orders:refusals.reasonTooLong")),
});

/** "Adjust my request": a new request from this order, to change what kept caregivers from matching. */
export const AdjustOrderSchema = z.object({ intent: z.literal("adjust") });

/**
 * The family's order page: cancel it, or, while the team looks for a caregiver, start a request
 * from it with other times or preferences ("adjust").
 */
export const ClientOrderActionSchema = z.discriminatedUnion("intent", [AdjustOrderSchema, ClientCancelOrderSchema]);

/** What an admin posts on an order's page, told apart by its intent: cancelling it, or offering it by hand. */
export const AdminOrderActionSchema = z.discriminatedUnion("intent", [
  CancelOrderSchema.extend({ intent: z.literal("cancel") }),
  AssignCaregiverSchema.extend({ intent: z.literal("assign") }),
]);

/** A caregiver's answer to an offer (offer-response.tsx): accept, or decline with a reason. */
export const AcceptOfferSchema = z.object({ intent: z.literal("accept"), orderId: z.uuid() });
export const DeclineOfferSchema = z.object({
  intent: z.literal("decline"),
  orderId: z.uuid(),
  reason: z
    .string()
    .trim()
    .min(3, messageKey("orders:refusals.declineReasonMissing"))
    .max(500, messageKey("orders:refusals.reasonTooLong")),
});
export const OfferResponseSchema = z.discriminatedUnion("intent", [AcceptOfferSchema, DeclineOfferSchema]);
