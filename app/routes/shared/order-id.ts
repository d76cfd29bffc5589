import { data } from "react-router";
import { z } from "zod";

const OrderIdSchema = z.uuid();

/** An order id from the URL; anything that cannot be one is a page not found. */
export function parseOrderId(value: string | null | undefined): string {
  const parsed = OrderIdSchema.safeParse(value);
  if (!parsed.success) throw data("We could not find this order.", 404);
  return parsed.data;
}
