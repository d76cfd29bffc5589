import { data } from "react-router";
import { refusalText } from "./i18n.server";
import type { Locale } from "./config";
import type { MessageKey } from "./message-keys";
import { isAppError, type AppErrorCode, type AppErrorDetails } from "~/utils/app-error";

// How every loader and action answers a refusal (docs/architecture.md, Errors):
// an AppError becomes a response with the status of its code and its message
// worded in the reader's language; anything else is a bug and is rethrown to
// the error page.

/** A refusal as a route's body builder gets it: the code, the details and the message in words. */
export type Refusal = AppErrorDetails & {
  code: AppErrorCode;
  /** The message key, for logs and tests, and for a form that words a field's refusal itself. */
  key: MessageKey;
  /** The message in the reader's language. */
  text: string;
};

/**
 * For an action's `catch`: the refusal as the action's answer, with the body
 * the page shows (`toBody` gets the refusal worded in `locale`) and the
 * table's status. Anything that is not an AppError is a bug and is rethrown
 * to the error page.
 */
export function refusalData<T>(error: unknown, locale: Locale, toBody: (refusal: Refusal) => T) {
  if (!isAppError(error)) throw error;
  // A refusal that says when to come back says it to any client too.
  const headers: HeadersInit = error.retryAt
    ? { "Retry-After": String(Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000))) }
    : {};
  const refusal: Refusal = {
    code: error.code,
    key: error.ref.key,
    text: refusalText(locale, error),
    reason: error.reason,
    field: error.field,
    retryAt: error.retryAt,
  };
  return data(toBody(refusal), { status: error.status, headers });
}

/**
 * For a loader's `catch`: throws the refusal as the error page's response
 * (the page's own words for its code, or the error's message worded in
 * `locale`), with the table's status. Anything that is not an AppError is
 * rethrown.
 */
export function throwRefusal(
  error: unknown,
  locale: Locale,
  messages: Partial<Record<AppErrorCode, string>> = {},
): never {
  if (!isAppError(error)) throw error;
  throw data(messages[error.code] ?? refusalText(locale, error), { status: error.status });
}
