import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { requestValuesContext } from "~/utils/request-context";
import {
  clearPageCache,
  disablePageCache,
  enablePageCache,
  keepRenderedPage,
  lookupPage,
  noteFailedRender,
  PAGE_CACHE_LIMITS,
  pageCacheSize,
  pageBody,
} from "./cache.server";
import { pageCacheKey } from "./key";

const NONCE = "rendered+nonce/AAAAAAAAAA==";

function pageRequest(path = "/services", init: RequestInit & { headers?: Record<string, string> } = {}) {
  return new Request(`http://127.0.0.1:3000${path}`, {
    ...init,
    headers: { host: "127.0.0.1:3000", ...init.headers },
  });
}

function html(body = "<p>Services</p>") {
  return `<!DOCTYPE html><html><head><script nonce="${NONCE}">1</script></head><body>${body}<script nonce="${NONCE}">2</script></body></html>`;
}

/** Runs the root's middleware as React Router does, with `answer` as what the render returned. */
async function render(request: Request, answer: () => Response | Promise<Response>) {
  const context = new RouterContextProvider();
  context.set(requestValuesContext, { cspNonce: NONCE });
  const response = await keepRenderedPage(
    { request, context, params: {}, url: new URL(request.url), pattern: "/" } as never,
    async () => answer(),
  );
  return response as Response;
}

const htmlResponse = (body = html(), init: ResponseInit = {}) =>
  new Response(body, {
    status: 200,
    ...init,
    headers: { "Content-Type": "text/html; charset=utf-8", ...(init.headers as Record<string, string>) },
  });

const keyOf = (request: Request) => pageCacheKey(request)!;

beforeEach(() => enablePageCache());
afterEach(() => {
  disablePageCache();
  vi.useRealTimers();
});

describe("keeping a rendered page", () => {
  test("a 200 HTML page is kept with its nonce cut out, and answered with another nonce", async () => {
    const request = pageRequest();
    const response = await render(request, () => htmlResponse());
    expect(response.headers.get("X-Page-Cache")).toBe("miss");
    expect(await response.text()).toBe(html());
    const page = lookupPage(keyOf(request))!;
    expect(page.headers).toContainEqual(["content-type", "text/html; charset=utf-8"]);
    const body = pageBody(page, "fresh");
    const again = Buffer.concat(body.pieces).toString("utf8");
    expect(body.length).toBe(Buffer.byteLength(again));
    expect(again).not.toContain(NONCE);
    expect(again.match(/nonce="fresh"/g)).toHaveLength(2);
    expect(again).toBe(html().replaceAll(NONCE, "fresh"));
  });

  test.each([
    ["a Set-Cookie", () => htmlResponse(html(), { headers: { "Set-Cookie": "tendly-locale=es; Path=/" } })],
    ["a 404", () => htmlResponse(html(), { status: 404 })],
    ["a 503", () => htmlResponse(html(), { status: 503 })],
    ["a redirect", () => new Response(null, { status: 302, headers: { Location: "/" } })],
    ["not HTML (a .data answer)", () => new Response("[]", { headers: { "Content-Type": "text/x-script" } })],
  ])("a response with %s is not kept", async (_what, answer) => {
    const request = pageRequest();
    await render(request, answer);
    expect(lookupPage(keyOf(request))).toBeUndefined();
    expect(pageCacheSize()).toBe(0);
  });

  test("a signed-in request, a POST or a HEAD is not kept", async () => {
    const signedIn = pageRequest("/services", { headers: { cookie: "better-auth.session_token=abc" } });
    const response = await render(signedIn, () => htmlResponse());
    expect(response.headers.get("X-Page-Cache")).toBeNull();
    await render(pageRequest("/services", { method: "POST", body: "x" }), () => htmlResponse());
    await render(pageRequest("/services", { method: "HEAD" }), () => htmlResponse(null as never));
    expect(pageCacheSize()).toBe(0);
  });

  test("a page whose render failed after its first bytes is not kept", async () => {
    const request = pageRequest();
    await render(request, () => {
      noteFailedRender(request);
      return htmlResponse();
    });
    expect(pageCacheSize()).toBe(0);
  });

  test("a page rendered while the cache was emptied is not kept: it may show what changed", async () => {
    const request = pageRequest();
    await render(request, () => {
      clearPageCache();
      return htmlResponse();
    });
    expect(pageCacheSize()).toBe(0);
    await render(request, () => htmlResponse());
    expect(pageCacheSize()).toBe(1);
  });

  test("nothing is kept while the cache is off", async () => {
    disablePageCache();
    const response = await render(pageRequest(), () => htmlResponse());
    expect(response.headers.get("X-Page-Cache")).toBeNull();
    enablePageCache();
    expect(pageCacheSize()).toBe(0);
  });
});

describe("its bounds", () => {
  test("emptied on a change", async () => {
    await render(pageRequest("/services"), () => htmlResponse());
    await render(pageRequest("/about"), () => htmlResponse());
    expect(pageCacheSize()).toBe(2);
    clearPageCache();
    expect(pageCacheSize()).toBe(0);
    expect(lookupPage(keyOf(pageRequest("/services")))).toBeUndefined();
  });

  test("at most so many pages, the least recently used leaving first", async () => {
    enablePageCache({ ...PAGE_CACHE_LIMITS, entries: 3 });
    for (const path of ["/", "/about", "/services"]) await render(pageRequest(path), () => htmlResponse());
    lookupPage(keyOf(pageRequest("/")));
    await render(pageRequest("/terms"), () => htmlResponse());
    expect(pageCacheSize()).toBe(3);
    expect(lookupPage(keyOf(pageRequest("/")))).toBeDefined();
    expect(lookupPage(keyOf(pageRequest("/about")))).toBeUndefined();
  });

  test("at most so many bytes, and no page longer than the limit", async () => {
    enablePageCache({ ...PAGE_CACHE_LIMITS, entries: 100, bytes: 10_000, entryBytes: 6_000 });
    await render(pageRequest("/"), () => htmlResponse(html("x".repeat(4_000))));
    await render(pageRequest("/about"), () => htmlResponse(html("x".repeat(4_000))));
    await render(pageRequest("/services"), () => htmlResponse(html("x".repeat(4_000))));
    expect(pageCacheSize()).toBe(2);
    await render(pageRequest("/terms"), () => htmlResponse(html("x".repeat(7_000))));
    expect(lookupPage(keyOf(pageRequest("/terms")))).toBeUndefined();
  });

  test("no page older than the maximum age", async () => {
    vi.useFakeTimers();
    // The fake clock's performance.now() starts at 0, which lru-cache reads as "no start time" (no age at all).
    vi.advanceTimersByTime(1);
    enablePageCache({ ...PAGE_CACHE_LIMITS, maxAgeMs: 60_000 });
    const request = pageRequest();
    await render(request, () => htmlResponse());
    vi.advanceTimersByTime(59_000);
    expect(lookupPage(keyOf(request))).toBeDefined();
    vi.advanceTimersByTime(2_000);
    expect(lookupPage(keyOf(request))).toBeUndefined();
  });
});
