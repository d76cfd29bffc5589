import type { MiddlewareFunction } from "react-router";

// A request that needed the database while it could not be reached (the
// embedded PostgreSQL being restarted after a crash, an external server
// restarting; docs/decisions/0020-database-recovery.md) is answered 503 with
// Retry-After, not 500: the fault passes by itself, and a browser, a client or
// a proxy may try again. handleError (entry.server.tsx) notes such requests as
// React Router catches their error; the root's middleware changes the answer.

/** What Retry-After says: the embedded server is back within a few seconds (measured 1.4 s). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's and Node's codes for a server that is not there, or going or coming back. */
const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08004", // sqlserver_rejected_establishment_of_sqlconnection
  "08006", // connection_failure
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
]);

/** node-postgres's own words for a connection that broke or never came (its errors carry no code). */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/** Whether `error` (or an error it wraps, as Drizzle's query errors do) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

const unavailableRequests = new WeakSet<Request>();

/** Notes that `request` failed for want of the database (handleError, in entry.server.tsx). */
export function noteDatabaseUnavailable(request: Request) {
  unavailableRequests.add(request);
}

/** The root's server middleware: the error answer of such a request becomes 503 with Retry-After. */
export const answerDatabaseUnavailable: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (response.status < 500 || !unavailableRequests.has(request)) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
};
