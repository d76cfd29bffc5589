import { LRUCache } from "lru-cache";
import type { MiddlewareFunction } from "react-router";
import { listenToChannel } from "~/platform/db/listen.server";
import { requestValuesContext } from "~/utils/request-context";
import { pageCacheKey } from "./key";

// The cache of rendered signed-out public pages, one per process (docs/decisions/0043-rendered-page-cache.md).
// A page is stored by the root's middleware after React Router rendered it, with its CSP nonce cut out, and
// answered by the HTTP host (server/page-cache.ts) before React Router runs, with the response's own nonce put
// back. Every process empties its cache when the database announces a change to what those pages show
// (migration 0038's triggers on `public_pages_changed`), and no page is older than `maxAgeMs`.

/** The channel the database announces changes to the public pages on. */
export const PUBLIC_PAGES_CHANNEL = "public_pages_changed";

export type PageCacheLimits = {
  /** Pages kept at most. */
  entries: number;
  /** Bytes of HTML kept at most (UTF-8, as kept and sent). */
  bytes: number;
  /** A page longer than this is not kept. */
  entryBytes: number;
  /** Milliseconds a page is answered from the cache at most, whatever was announced. */
  maxAgeMs: number;
};

export const PAGE_CACHE_LIMITS: PageCacheLimits = {
  entries: 500,
  bytes: 48 * 1024 * 1024,
  entryBytes: 1024 * 1024,
  maxAgeMs: 60_000,
};

/**
 * A rendered page: its status and headers as React Router answered, its HTML split where the nonce was, each
 * part already encoded: encoding 150 KB of text again on every answer cost more than the rest of a hit together.
 */
export type CachedPage = { status: number; headers: [string, string][]; parts: Buffer[]; length: number };

type State = {
  pages: LRUCache<string, CachedPage>;
  generation: number;
  limits: PageCacheLimits;
  /** Whether announced changes are heard now: while they are not, nothing is kept nor answered. */
  listening: boolean;
};
let state: State | undefined;

/** Requests whose render failed after its first bytes (entry.server.tsx): their page is never kept. */
const failedRenders = new WeakSet<Request>();

/** Turns the cache on in this process (server/app.ts, in production with PAGE_CACHE on), empty. */
export function enablePageCache(limits: PageCacheLimits = PAGE_CACHE_LIMITS) {
  const pages = new LRUCache<string, CachedPage>({
    max: limits.entries,
    maxSize: limits.bytes,
    sizeCalculation: (page) => Math.max(page.length, 1),
    ttl: limits.maxAgeMs,
    // The clock looked up at each reading (lru-cache keeps the one it found at import otherwise), so that a test's
    // fake timers move the pages' age too.
    perf: { now: () => performance.now() },
  });
  state = { pages, generation: 0, limits, listening: true };
}

export function disablePageCache() {
  state = undefined;
}

export function isPageCacheEnabled(): boolean {
  return state !== undefined;
}

/** Empties the cache; a render under way when it is emptied is not kept (it may have read what changed). */
export function clearPageCache() {
  if (!state) return;
  state.generation += 1;
  state.pages.clear();
}

/** How many pages are kept now (tests, and the decision's figures). */
export function pageCacheSize(): number {
  return state?.pages.size ?? 0;
}

export function lookupPage(key: string): CachedPage | undefined {
  return state?.listening ? state.pages.get(key) : undefined;
}

/**
 * The page's HTML with this response's nonce where the rendered one was, as the pieces to write one after the
 * other (no copy of the page), and their length.
 */
export function pageBody(page: CachedPage, nonce: string): { pieces: Buffer[]; length: number } {
  const encodedNonce = Buffer.from(nonce);
  const pieces = page.parts.flatMap((part, index) => (index === 0 ? [part] : [encodedNonce, part]));
  return { pieces, length: page.length + encodedNonce.length * (page.parts.length - 1) };
}

export function noteFailedRender(request: Request) {
  failedRenders.add(request);
}

/** Response headers never kept: set per response, or wrong once the body is rebuilt. */
const UNKEPT_HEADERS = new Set(["set-cookie", "content-length", "transfer-encoding", "content-encoding"]);

/**
 * The root's outermost middleware: a signed-out GET of a cached page that rendered 200 as HTML with no
 * cookie set is kept, unless the cache was emptied while it rendered. The response is read whole (a miss
 * sends its first byte when the render ends) and answered as rendered.
 */
export const keepRenderedPage: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const cache = state;
  const key = cache && request.method === "GET" ? pageCacheKey(request) : null;
  if (!cache || !key) return next();
  const generation = cache.generation;
  const response = await next();
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) return response;
  const html = await response.text();
  const { cspNonce } = context.get(requestValuesContext);
  const kept =
    cache.listening &&
    cspNonce !== "" &&
    !failedRenders.has(request) &&
    cache === state &&
    generation === cache.generation &&
    Buffer.byteLength(html) <= cache.limits.entryBytes;
  if (kept) {
    const headers = [...response.headers].filter(([name]) => !UNKEPT_HEADERS.has(name.toLowerCase()));
    const parts = html.split(cspNonce).map((part) => Buffer.from(part));
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    cache.pages.set(key, { status: 200, headers, parts, length });
  }
  const headers = new Headers(response.headers);
  headers.set("X-Page-Cache", kept ? "miss" : "bypass");
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
};

/**
 * Turns the cache on and empties it whenever the database announces a change, and each time the listening
 * connection (re)starts: what was announced while it was down was not heard.
 */
export function startPageCache(databaseUrl: string, limits: PageCacheLimits = PAGE_CACHE_LIMITS) {
  enablePageCache(limits);
  const cache = state!;
  cache.listening = false;
  const listener = listenToChannel(databaseUrl, PUBLIC_PAGES_CHANNEL, {
    onNotify: clearPageCache,
    onListening: () => {
      clearPageCache();
      cache.listening = true;
    },
    // Until it listens again no change would be heard: every request is rendered meanwhile.
    onLost: (error) => {
      console.warn(`Page cache: not listening (${error.message}); pages are rendered until it listens again.`);
      cache.listening = false;
      clearPageCache();
    },
  });
  return {
    close: async () => {
      if (state === cache) disablePageCache();
      await listener.close();
    },
  };
}
