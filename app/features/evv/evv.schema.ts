import { z } from "zod";
import { listParamsSchema, optionalFilter } from "~/utils/list-params";
import {
  daysInRange,
  EDIT_TIMES_CHECK_IN_MESSAGE,
  EDIT_TIMES_ORDER_MESSAGE,
  EDIT_TIMES_REASON_MESSAGE,
  EVV_EXCEPTION_KINDS,
  EXPORT_DATE_MESSAGE,
  EXPORT_RANGE_ORDER_MESSAGE,
  EXPORT_RANGE_TOO_LONG_MESSAGE,
  MAX_EXPORT_DAYS,
} from "./evv-rules";

// The EVV forms (docs/product-rules.md, "Visits"): the queue's filter, the
// admin's correction of a visit's times and the export's date range. The
// pages submit these; the routes re-parse them on the server.

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A datetime-local value ("2026-12-07T09:05"), read on the clock where care happens. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const isRealDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export const EXCEPTION_SORTS = ["starts", "order"] as const;
export type ExceptionSort = (typeof EXCEPTION_SORTS)[number];
/** How many visits a page of the queue shows. */
export const EXCEPTIONS_PAGE_SIZE = 25;

/** The queue's URL: the list kit's parameters and the exception kind (docs/decisions/0040-admin-lists-and-audit-log.md). */
export const ExceptionsQuerySchema = listParamsSchema({
  sorts: EXCEPTION_SORTS,
  defaultSort: "starts",
  defaultDir: "desc",
  perPage: EXCEPTIONS_PAGE_SIZE,
  filters: { kind: optionalFilter(EVV_EXCEPTION_KINDS) },
});

export const EditVisitTimesSchema = z
  .object({
    visitId: z.uuid(),
    checkedInAt: z.string({ error: EDIT_TIMES_CHECK_IN_MESSAGE }).regex(LOCAL_DATE_TIME, EDIT_TIMES_CHECK_IN_MESSAGE),
    // Empty while the visit has no check-out. Optional inside the union, not around it: so written, the form's
    // constraints leave the field not required (a default or optional around the union made it required, and the
    // browser refused the empty check-out the hint asks for).
    checkedOutAt: z
      .string()
      .regex(LOCAL_DATE_TIME, EDIT_TIMES_ORDER_MESSAGE)
      .optional()
      .or(z.literal(""))
      .transform((value) => value || null),
    reason: z
      .string({ error: EDIT_TIMES_REASON_MESSAGE })
      .trim()
      .min(3, EDIT_TIMES_REASON_MESSAGE)
      .max(500, EDIT_TIMES_REASON_MESSAGE),
  })
  // Same zone, same format: the strings compare as the times do.
  .refine((times) => times.checkedOutAt === null || times.checkedOutAt > times.checkedInAt, {
    message: EDIT_TIMES_ORDER_MESSAGE,
    path: ["checkedOutAt"],
  });
export type EditVisitTimesInput = z.infer<typeof EditVisitTimesSchema>;

export const ExportRangeSchema = z
  .object({
    from: z.string({ error: EXPORT_DATE_MESSAGE }).refine(isRealDate, EXPORT_DATE_MESSAGE),
    to: z.string({ error: EXPORT_DATE_MESSAGE }).refine(isRealDate, EXPORT_DATE_MESSAGE),
  })
  .superRefine((range, context) => {
    if (!isRealDate(range.from) || !isRealDate(range.to)) return;
    if (range.to < range.from) {
      context.addIssue({ code: "custom", path: ["to"], message: EXPORT_RANGE_ORDER_MESSAGE });
    } else if (daysInRange(range.from, range.to) > MAX_EXPORT_DAYS) {
      context.addIssue({ code: "custom", path: ["to"], message: EXPORT_RANGE_TOO_LONG_MESSAGE });
    }
  });
export type ExportRange = z.infer<typeof ExportRangeSchema>;
