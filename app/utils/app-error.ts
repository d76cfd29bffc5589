import type { MessageKey, MessageRef } from "~/i18n/message-keys";

// Errors a person can act on. Anything else that is thrown is a bug and shows
// the error page. A feature throws an AppError with a code and a message key
// with named values (docs/decisions/0025-messages-as-keys.md), never words; a
// route turns it into its answer, worded in the reader's language, with
// `refusalData` (actions) or `throwRefusal` (loaders) from app/i18n/refusal-response.ts,
// the status taken from the one table below. This module imports only the shape
// of a key, so that features may throw without knowing about HTTP responses or languages.

/** The one table from refusal to HTTP status: the closed set of codes. */
export const APP_ERROR_STATUS = {
  /** The input cannot be used as it is. */
  invalid: 400,
  /** The person may not do this. */
  forbidden: 403,
  /** The thing does not exist (or is not theirs to see). */
  not_found: 404,
  /** The thing is not in a state that allows this now (used, taken, changed meanwhile). */
  conflict: 409,
  /** A file or body over the size we accept. */
  too_large: 413,
  /** Too many attempts: try again at `retryAt`. */
  rate_limited: 429,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;
export type AppErrorStatus = (typeof APP_ERROR_STATUS)[AppErrorCode];

export type AppErrorDetails = {
  /** A machine key a route may map to its own text or view (e.g. "already-admin"). */
  reason?: string;
  /** The form field the message is about. */
  field?: string;
  /** When a rate-limited attempt may be made again. */
  retryAt?: Date;
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The message for the person, as a key of the catalogue and its values (`message` is the key, for logs). */
  readonly ref: MessageRef;
  readonly reason?: string;
  readonly field?: string;
  readonly retryAt?: Date;

  /** `message` is a MessageRef, or a key alone (a feature's table of keys, a schema's message); never words. */
  constructor(code: AppErrorCode, message: MessageRef | MessageKey, details: AppErrorDetails = {}) {
    super(typeof message === "string" ? message : message.key);
    this.name = "AppError";
    this.code = code;
    this.ref = typeof message === "string" ? { key: message } : message;
    this.reason = details.reason;
    this.field = details.field;
    this.retryAt = details.retryAt;
  }

  get status(): AppErrorStatus {
    return APP_ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
