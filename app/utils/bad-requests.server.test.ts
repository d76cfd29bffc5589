import { describe, expect, test, vi } from "vitest";
import { badRequestHandler, BAD_REQUEST_LINES_PER_MINUTE, createBadRequestLog } from "./bad-requests.server";

function logWithClock() {
  const lines: string[] = [];
  let now = 1_000_000;
  const log = createBadRequestLog({ write: (line) => lines.push(line), now: () => now });
  return { log, lines, advance: (ms: number) => (now += ms) };
}

describe("the log of bad requests", () => {
  test("one line each, at most the minute's allowance; the rest are counted when the next minute starts", () => {
    const { log, lines, advance } = logWithClock();
    for (let index = 0; index < 500; index += 1) log(400, { method: "GET", url: `/%C0%AE/${index}` }, "bad path");
    expect(lines).toHaveLength(BAD_REQUEST_LINES_PER_MINUTE);
    expect(lines[0]).toBe("Bad request 400 GET /%C0%AE/0: bad path");
    advance(60_000);
    log(400, { method: "POST", url: "/forgot-password" }, "origin");
    expect(lines.slice(BAD_REQUEST_LINES_PER_MINUTE)).toEqual([
      `Bad requests: ${500 - BAD_REQUEST_LINES_PER_MINUTE} more not logged in the minute before.`,
      "Bad request 400 POST /forgot-password: origin",
    ]);
  });

  test("a forged line break or a long path cannot shape the log", () => {
    const { log, lines } = logWithClock();
    log(400, { method: "GET", url: `/a\nFAKE ENTRY${"x".repeat(500)}` }, "reason\r\nmore");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n]/);
    expect(lines[0]).toContain("/a\\nFAKE ENTRY");
    expect(lines[0]!.length).toBeLessThan(500);
  });
});

/** The handler run on `error` for GET /%C0%AE%C0%AE/: its log lines, the response and next. */
function run(error: unknown) {
  const lines: string[] = [];
  const handler = badRequestHandler((status, request, reason) => lines.push(`${status} ${request.url} ${reason}`));
  const res = {
    headersSent: false,
    status: vi.fn<(code: number) => unknown>().mockReturnThis(),
    type: vi.fn<(type: string) => unknown>().mockReturnThis(),
    send: vi.fn<(body: string) => unknown>().mockReturnThis(),
  };
  const next = vi.fn<(error?: unknown) => void>();
  handler(error, { method: "GET", originalUrl: "/%C0%AE%C0%AE/" } as never, res as never, next);
  return { lines, res, next };
}

describe("badRequestHandler", () => {
  test("a 4xx from the router is answered with its status and one line", () => {
    const error = Object.assign(new URIError("Failed to decode param '%C0%AE%C0%AE'"), { status: 400 });
    const { lines, res, next } = run(error);
    expect(res.status).toHaveBeenCalledWith(400);
    expect(res.send).toHaveBeenCalledWith("Bad request.");
    expect(lines).toEqual(["400 /%C0%AE%C0%AE/ Failed to decode param '%C0%AE%C0%AE'"]);
    expect(next).not.toHaveBeenCalled();
  });

  test("anything else goes on to Express's own handler", () => {
    for (const error of [new Error("a bug"), Object.assign(new Error("down"), { status: 503 })]) {
      const { lines, res, next } = run(error);
      expect(next).toHaveBeenCalledWith(error);
      expect(res.status).not.toHaveBeenCalled();
      expect(lines).toEqual([]);
    }
  });
});
