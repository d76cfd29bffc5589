import { isDatabaseUnavailable } from "~/utils/database-unavailable.server";
import { createLimitedLog, logPart } from "~/utils/limited-log.server";

// better-auth's own log lines (docs/architecture.md, "Errors"): one line each,
// never a stack and never a query's parameters (a failed session lookup's
// parameter is the session's token), and at most AUTH_ERROR_LINES_PER_MINUTE
// errors a minute: while the database restarts, every signed-in request's
// session lookup fails, and each would otherwise log some 40 lines.

export const AUTH_ERROR_LINES_PER_MINUTE = 10;

type Level = "debug" | "info" | "warn" | "error";

/** A message's first line, without what a query error appends after it ("params: …"). */
function firstLine(text: string): string {
  return (text.split("\n", 1)[0] ?? "").replace(/\s*params:.*$/, "");
}

/** What a log call's argument may say in a line: an error's name and first lines, nothing of other values. */
export function describeLogArgument(value: unknown): string | undefined {
  if (isDatabaseUnavailable(value)) return "the database cannot be reached";
  if (!(value instanceof Error)) return undefined;
  const cause = value.cause instanceof Error ? `: ${firstLine(value.cause.message)}` : "";
  return `${value.name}: ${firstLine(value.message)}${cause}`;
}

/** better-auth's `logger.log`: each call one line, errors limited per minute. */
export function createAuthLog(
  write: (level: Level, line: string) => void = (level, line) => console[level](line),
  now: () => number = Date.now,
) {
  const errors = createLimitedLog({
    what: "Better Auth errors",
    perMinute: AUTH_ERROR_LINES_PER_MINUTE,
    write: (line) => write("error", line),
    now,
  });
  return (level: Level, message: string, ...args: unknown[]) => {
    const details = args.map(describeLogArgument).filter((detail) => detail !== undefined);
    const detail = details.length > 0 ? ` (${details.map(logPart).join("; ")})` : "";
    const line = `[Better Auth] ${level}: ${logPart(firstLine(message))}${detail}`;
    if (level === "error") errors(line);
    else write(level, line);
  };
}
