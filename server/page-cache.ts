import type { RequestHandler } from "express";
import { lookupPage, pageBody } from "~/platform/page-cache/cache.server";
import { isCachedPath, pageCacheKey } from "~/platform/page-cache/key";

/**
 * Answers a signed-out GET or HEAD of a public page from the cache of rendered pages, before React Router and
 * the static files (docs/decisions/0043-rendered-page-cache.md). It runs after the nonce and the security
 * headers are set, so the page gets this response's nonce in its markup and in its Content-Security-Policy.
 */
export function pageFromCache(): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isCachedPath(req.path)) return next();
    const key = pageCacheKey({
      method: req.method,
      // Only the path and query are read from it; the host is read from the headers.
      url: `http://page${req.originalUrl}`,
      headers: { get: (name: string) => req.get(name) ?? null },
    });
    const page = key === null ? undefined : lookupPage(key);
    if (!page) return next();
    const { pieces, length } = pageBody(page, String(res.locals.cspNonce));
    res.status(page.status);
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "hit");
    res.setHeader("Content-Length", length);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    // One write to the socket for all the pieces.
    res.cork();
    for (const piece of pieces) res.write(piece);
    res.end();
    res.uncork();
  };
}
