import type { CareRequest } from "~/features/care-requests/public";
import type { MessageRef } from "~/i18n/message-keys";
import { formatVisitShort, localDateIn } from "~/utils/datetime";

// Small pure helpers of the orders feature (no database): messages, ids,
// names, dates in the time zone where care happens. The database side is
// order-transitions.server.ts.

/** An order that does not exist or is not the actor's: the same refusal. */
export const NOT_FOUND_MESSAGE = { key: "orders:error.notFound" } as const satisfies MessageRef;

export const DOUBLE_BOOKING_MESSAGE = { key: "orders:refusals.doubleBooking" } as const satisfies MessageRef;

/** The request as the family submitted it, from its stored row (a jsonb column). */
export function careRequestOf(row: { request: unknown }): CareRequest {
  return row.request as CareRequest;
}

/** YYYY-MM-DD of `now` in a time zone. */
export function localDate(timeZone: string, now: Date = new Date()): string {
  return localDateIn(timeZone, now);
}

/** Whether a string is an order id (a UUID), so that anything else is "not found" without a query. */
export function isOrderId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** "Mon, Jun 1 at 9:00 AM CDT" in the time zone where care happens (for emails). */
export function formatInZone(date: Date, timeZone: string): string {
  return formatVisitShort(date, timeZone, { withZone: true });
}

/** An ILIKE pattern matching `value` anywhere, its `\`, `%` and `_` taken literally (the list kit's). */
export { likePattern } from "~/utils/list-params";
