import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { handleError } from "./entry.server";

/** How many times handleError wrote to the log for `error`. */
function logged(error: unknown, request = new Request("http://127.0.0.1/x")): number {
  const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
  handleError(error, { request, params: {}, context: undefined } as never);
  const calls = spy.mock.calls.length;
  spy.mockRestore();
  return calls;
}

describe("handleError", () => {
  test("logs faults: thrown errors and 5xx answers", () => {
    expect(logged(new Error("database down"))).toBe(1);
    expect(logged(new ErrorResponse(500, "Internal Server Error", null))).toBe(1);
  });

  test("does not log what the client earned, nor a request it abandoned", () => {
    expect(logged(new ErrorResponse(405, "Method Not Allowed", new Error("no action")))).toBe(0);
    expect(logged(new ErrorResponse(404, "Not Found", null))).toBe(0);
    const abandoned = new AbortController();
    abandoned.abort();
    expect(logged(new Error("cut off"), new Request("http://127.0.0.1/x", { signal: abandoned.signal }))).toBe(0);
  });

  test("an action refused for its Origin is one warning line without a stack, not an error", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const refused = new Error(
      "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
    );
    expect(logged(refused, new Request("http://evil.test/forgot-password", { method: "POST" }))).toBe(0);
    expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
      `Bad request 400 POST /forgot-password: ${refused.message.replaceAll('"', '\\"')}`,
    ]);
    warn.mockRestore();
  });
});
