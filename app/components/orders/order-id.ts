import { data } from "react-router";
import { z } from "zod";

const OrderIdSchema = z.uuid();

/**
 * An order id from the URL; anything that cannot be one is a page not found
 * (components/orders/order-error.tsx words it in the reader's language).
 */
export function parseOrderId(value: string | null | undefined): string {
  const parsed = OrderIdSchema.safeParse(value);
  if (!parsed.success) throw data(null, 404);
  return parsed.data;
}
