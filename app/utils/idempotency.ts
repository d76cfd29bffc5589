import { z } from "zod";
import type { MessageKey } from "~/i18n/message-keys";

// What the forms and the server share about idempotency keys
// (docs/decisions/0019-idempotency-keys.md): the hidden field's name, its
// shape, the refusals. The mechanism itself is app/platform/db/idempotency.server.ts.

/** The hidden field every form that creates something carries. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

/** A form's key as it comes in: a UUID made when the form was rendered. */
export const IdempotencyKeySchema = z.uuid();

/** The refusals, as message keys (common.idempotency). */
export const IDEMPOTENCY_MESSAGES = {
  missing: "common:idempotency.missing",
  foreign: "common:idempotency.foreign",
} as const satisfies Record<string, MessageKey>;

/** The key of a submitted form, or undefined when there is none or it is not a UUID. */
export function idempotencyKeyOf(form: FormData | Record<string, unknown>): string | undefined {
  // A FormData as read, or a parsed submission's payload (docs/architecture.md, "How a form is built").
  const parsed = IdempotencyKeySchema.safeParse(
    form instanceof FormData ? form.get(IDEMPOTENCY_FIELD) : form[IDEMPOTENCY_FIELD],
  );
  return parsed.success ? parsed.data : undefined;
}
