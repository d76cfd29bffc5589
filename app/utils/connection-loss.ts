import { data, type DataStrategyResult, type MiddlewareFunction } from "react-router";

// A form sent while the connection is down (docs/architecture.md, "Connection lost while sending a form").
// React Router sends a form's data with fetch(); when no answer comes the
// action fails, and a failed action ends on the route's error page, which
// replaces the form and all that was typed. The root's client middleware
// turns such a failure into a plain "no answer" (status 503, so nothing is
// reloaded either: the reload would fail the same way), and notes it here for
// the form's connection notice (components/connection-notice.tsx). A send the
// server answered 503 because its database was restarting (a route error,
// utils/database-unavailable.server.ts) is kept the same way: nothing typed is
// lost, and the notice says to try again in a few seconds.

type Results = Record<string, DataStrategyResult>;

/** Why a send came to nothing: no connection, or a server that could not do it for a moment (503). */
export type LossReason = "offline" | "unavailable";

/** The page (path and query) whose latest send never reached the server, or found it unavailable, while it stands. */
export type ConnectionLoss = { page: string; reason: LossReason };

/** The status of the stand-in answer: below 400 React Router would reload every loader, offline. */
const NO_ANSWER_STATUS = 503;

let current: ConnectionLoss | null = null;
const listeners = new Set<() => void>();

function setConnectionLoss(next: ConnectionLoss | null) {
  if (current === next) return;
  current = next;
  for (const listener of listeners) listener();
}

export function subscribeConnectionLoss(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function connectionLossSnapshot(): ConnectionLoss | null {
  return current;
}

/**
 * Whether an error is fetch() finding no server: it rejects with a TypeError
 * (https://fetch.spec.whatwg.org/#fetch-method) that each browser words its own
 * way ("Failed to fetch", "NetworkError when attempting to fetch resource.",
 * "Load failed"). Any other TypeError is a fault of ours and stays one.
 */
export function isConnectionFailure(error: unknown, isOnline = true): boolean {
  if (!(error instanceof TypeError)) return false;
  return !isOnline || /fetch|network|load failed/i.test(error.message);
}

/**
 * The error a route's result carries: single fetch hands an action's error on
 * wrapped in data(), beside the answer's status (React Router's
 * singleFetchActionStrategy); a fetcher's or a client action's comes bare.
 */
function errorOf(result: unknown): unknown {
  const isWrapped =
    typeof result === "object" &&
    result !== null &&
    "type" in result &&
    result.type === "DataWithResponseInit" &&
    "data" in result;
  return isWrapped ? result.data : result;
}

/** An error single fetch handed on with the answer's status 503: the server could not do it for a moment. */
function isUnavailableAnswer(result: unknown): boolean {
  if (typeof result !== "object" || result === null || !("type" in result) || result.type !== "DataWithResponseInit")
    return false;
  const { init } = result as { init?: { status?: number } | null };
  return init?.status === NO_ANSWER_STATUS;
}

function hasLoaded(results: Results) {
  const outcomes = Object.values(results);
  return outcomes.length > 0 && outcomes.every((outcome) => outcome.type === "data");
}

function pageNow() {
  return window.location.pathname + window.location.search;
}

/**
 * The root's client middleware: a send (navigation or fetcher) that found no
 * server answers with nothing, status 503, instead of an error. The page,
 * its loader data and every typed value stay as they were.
 */
export const keepFormsOnConnectionLoss: MiddlewareFunction<Results> = async ({ request }, next) => {
  const isSend = request.method !== "GET";
  const page = pageNow();
  // A new send: the last one's notice goes until this one's outcome is known.
  if (isSend) setConnectionLoss(null);
  const results = await next();
  let reason: LossReason | undefined;
  for (const [routeId, outcome] of Object.entries(results)) {
    if (!isSend || outcome.type !== "error") continue;
    if (isConnectionFailure(errorOf(outcome.result), navigator.onLine)) reason = "offline";
    else if (isUnavailableAnswer(outcome.result)) reason ??= "unavailable";
    else continue;
    results[routeId] = { type: "data", result: data(undefined, { status: NO_ANSWER_STATUS }) };
  }
  if (reason) setConnectionLoss({ page, reason });
  // A page that loaded has reached the server: an old notice no longer holds.
  else if (!isSend && hasLoaded(results)) setConnectionLoss(null);
  return results;
};
