import type { ErrorRequestHandler } from "express";
import { createLimitedLog, logPart } from "./limited-log.server";

// Requests that are the client's own fault: a path that cannot be decoded, an action whose Origin does not
// match the forwarded host. They are answered with their 4xx and logged as one line each, without a stack,
// at most BAD_REQUEST_LINES_PER_MINUTE lines a minute; the rest are counted and the count is logged when the
// next minute starts. Anyone can send such requests without signing in, so they must not be able to fill
// the log (docs/architecture.md, "Errors").

export const BAD_REQUEST_LINES_PER_MINUTE = 10;

export type BadRequestLog = (status: number, request: { method: string; url: string }, reason: string) => void;

export function createBadRequestLog({
  perMinute = BAD_REQUEST_LINES_PER_MINUTE,
  write = (line: string) => console.warn(line),
  now = Date.now,
}: { perMinute?: number; write?: (line: string) => void; now?: () => number } = {}): BadRequestLog {
  const log = createLimitedLog({ what: "Bad requests", perMinute, write, now });
  return (status, request, reason) =>
    log(`Bad request ${status} ${logPart(request.method)} ${logPart(request.url)}: ${logPart(reason)}`);
}

/** The process's log of bad requests. */
export const logBadRequest = createBadRequestLog();

function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === "number" ? status : statusCode;
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

/**
 * Express's last error handler: an error that carries a 4xx status (a path the router cannot decode, a
 * body it cannot read) is answered with that status and one line in the log of bad requests; anything
 * else goes on to Express's own handler, which logs it whole.
 */
export function badRequestHandler(log: BadRequestLog = logBadRequest): ErrorRequestHandler {
  return (error, req, res, next) => {
    const status = statusOf(error);
    if (status === undefined || status < 400 || status >= 500 || res.headersSent) return next(error);
    log(status, { method: req.method, url: req.originalUrl }, error instanceof Error ? error.message : String(error));
    res
      .status(status)
      .type("text/plain")
      .send(status === 400 ? "Bad request." : "This request cannot be answered.");
  };
}
