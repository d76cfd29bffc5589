import { z } from "zod";

// What the forms and the server share about idempotency keys
// (docs/decisions/0019-idempotency-keys.md): the hidden field's name, its
// shape, the refusals. The mechanism itself is app/db/idempotency.server.ts.

/** The hidden field every form that creates something carries. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

/** A form's key as it comes in: a UUID made when the form was rendered. */
export const IdempotencyKeySchema = z.uuid();

/** English texts, translated in common.idempotency. */
export const IDEMPOTENCY_MESSAGES = {
  missing: "This page is out of date. Please reload it and send the form again.",
  foreign: "This form was already sent by someone else. Please reload the page and send it again.",
} as const;

/** The key of a submitted form, or undefined when there is none or it is not a UUID. */
export function idempotencyKeyOf(form: FormData): string | undefined {
  const parsed = IdempotencyKeySchema.safeParse(form.get(IDEMPOTENCY_FIELD));
  return parsed.success ? parsed.data : undefined;
}
