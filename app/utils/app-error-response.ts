import { data } from "react-router";
import { isAppError, type AppError, type AppErrorCode } from "./app-error";

// How every loader and action answers a refusal (docs/architecture.md, Errors):
// an AppError becomes a response with the status of its code; anything else
// is a bug and is rethrown to the error page.

/**
 * For an action's `catch`: the refusal as the action's answer, with the body
 * the page shows (`toBody` gets the error) and the table's status. Anything
 * that is not an AppError is a bug and is rethrown to the error page.
 */
export function refusalData<T>(error: unknown, toBody: (error: AppError) => T) {
  if (!isAppError(error)) throw error;
  // A refusal that says when to come back says it to any client too.
  const headers: HeadersInit = error.retryAt
    ? { "Retry-After": String(Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000))) }
    : {};
  return data(toBody(error), { status: error.status, headers });
}

/**
 * For a loader's `catch`: throws the refusal as the error page's response
 * (the error's message, or the page's own words for its code), with the
 * table's status. Anything that is not an AppError is rethrown.
 */
export function throwRefusal(error: unknown, messages: Partial<Record<AppErrorCode, string>> = {}): never {
  if (!isAppError(error)) throw error;
  throw data(messages[error.code] ?? error.message, { status: error.status });
}
