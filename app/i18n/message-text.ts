import type { TFunction } from "i18next";
import { isMessageKey, type MessageRef } from "./message-keys";

// Wording a message given as a key, on either side: the server passes its
// getFixedT (i18n.server.ts validationText), a form its useTranslation t
// (react.tsx useValidationMessage). docs/decisions/0025-messages-as-keys.md.

/**
 * A schema's message (a Zod issue's `message`) as a MessageRef, for a feature
 * that re-parses its input and refuses with the issue: a message key as it
 * is; undefined for anything else (the schema library's own messages).
 */
export function validationRef(message: string | undefined): MessageRef | undefined {
  return message && isMessageKey(message) ? { key: message } : undefined;
}

/**
 * A schema's message (a Zod issue's `message`, a field error) in the language
 * of `t`: a message key is worded; anything else (a text already worded, the
 * schema library's own message) stays as it is.
 */
export function translateValidation(t: TFunction, message: string | undefined): string | undefined {
  const ref = validationRef(message);
  return ref ? t(ref.key) : message;
}
