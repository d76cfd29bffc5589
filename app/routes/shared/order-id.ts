import { data } from "react-router";
import { z } from "zod";
import { NOT_FOUND_MESSAGE } from "~/features/orders/order-helpers";

const OrderIdSchema = z.uuid();

/**
 * An order id from the URL; anything that cannot be one is a page not found
 * (the feature's English text: shared/order-error.tsx shows it translated).
 */
export function parseOrderId(value: string | null | undefined): string {
  const parsed = OrderIdSchema.safeParse(value);
  if (!parsed.success) throw data(NOT_FOUND_MESSAGE, 404);
  return parsed.data;
}
