import { describe, expect, test } from "vitest";
import { AUTH_ERROR_LINES_PER_MINUTE, createAuthLog, describeLogArgument } from "./auth-log.server";

const TOKEN = "Vx9kq2Lr8TzN0sessiontoken";

/** Drizzle's error for a failed query: the query, then its parameters, on the next line. */
function queryError(cause: Error) {
  const error = new Error(`Failed query: select * from sessions where token = $1\nparams: ${TOKEN}`, { cause });
  error.name = "DrizzleQueryError";
  return error;
}

describe("better-auth's log lines", () => {
  test("a session lookup that failed on a broken connection is one line, without the token", () => {
    const lines: string[] = [];
    const log = createAuthLog((level, line) => lines.push(`${level}|${line}`));
    log("error", "INTERNAL_SERVER_ERROR", queryError(new Error("Connection terminated unexpectedly")));
    expect(lines).toEqual(["error|[Better Auth] error: INTERNAL_SERVER_ERROR (the database cannot be reached)"]);
  });

  test("any other error keeps its name and first lines, never the parameters or a stack", () => {
    const described = describeLogArgument(queryError(new Error('relation "sessions" does not exist')));
    expect(described).toBe(
      'DrizzleQueryError: Failed query: select * from sessions where token = $1: relation "sessions" does not exist',
    );
    expect(describeLogArgument({ token: TOKEN })).toBeUndefined();
    const lines: string[] = [];
    createAuthLog((_level, line) => lines.push(line))("warn", `two\nlines ${TOKEN}`, { token: TOKEN });
    expect(lines).toEqual(["[Better Auth] warn: two"]);
  });

  test("errors are at most ten lines a minute; the rest are counted when the next minute starts", () => {
    const lines: string[] = [];
    let now = 0;
    const log = createAuthLog(
      (_level, line) => lines.push(line),
      () => now,
    );
    for (let index = 0; index < 500; index += 1) log("error", "INTERNAL_SERVER_ERROR");
    expect(lines).toHaveLength(AUTH_ERROR_LINES_PER_MINUTE);
    now = 60_000;
    log("error", "INTERNAL_SERVER_ERROR");
    expect(lines.slice(AUTH_ERROR_LINES_PER_MINUTE)).toEqual([
      `Better Auth errors: ${500 - AUTH_ERROR_LINES_PER_MINUTE} more not logged in the minute before.`,
      "[Better Auth] error: INTERNAL_SERVER_ERROR",
    ]);
  });
});
