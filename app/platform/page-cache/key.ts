import { isbot } from "isbot";
import { LOCALE_COOKIE } from "~/i18n/config";
import { localeCookieFromQuery, localeOfRequest } from "~/i18n/locale";
import { DETECTED_MODE_COOKIE, MODE_OVERRIDE_COOKIE } from "~/utils/app-mode";
import { CAREGIVER_AREA_SEGMENTS } from "~/utils/chrome-rules";
import { readPreferences, SYSTEM_THEME_COOKIE, TEXT_SIZE_COOKIE, THEME_COOKIE } from "~/utils/preferences";
import type { RequestLike } from "~/utils/request-context";

// Which requests the cache of rendered public pages may answer, and the key of each: everything that changes
// the page's markup (docs/decisions/0043-rendered-page-cache.md).

/** The signed-out public pages that are the same for every visitor with the same key. */
const CACHED_EXACT = new Set([
  "/",
  "/about",
  "/blog",
  "/services",
  "/safety-and-trust",
  "/become-caregiver",
  "/providers",
  "/caregivers",
  "/privacy",
  "/terms",
  "/accessibility",
  "/how-it-works",
]);
// Left out on purpose: /contact (each render carries a fresh idempotency key for its form), the sign-in and
// registration screens (demo accounts depend on the request, forms carry their own state), the newsletter and
// unsubscribe links (one person's token).

/** A blog post, the caregiver application's landing pages, a caregiver's public profile. */
const CACHED_PATTERNS = [/^\/blog\/[^/]+$/, /^\/provider\/[^/]+$/, /^\/caregiver\/[^/]+$/];

export function isCachedPath(pathname: string): boolean {
  if (CACHED_EXACT.has(pathname)) return true;
  if (!CACHED_PATTERNS.some((pattern) => pattern.test(pathname))) return false;
  // /caregiver/schedule and the other area pages are not profiles.
  const caregiverSegment = /^\/caregiver\/([^/]+)$/.exec(pathname)?.[1];
  return caregiverSegment === undefined || !CAREGIVER_AREA_SEGMENTS.has(caregiverSegment);
}

/**
 * Cookies that may come with a cached page: those the key holds (language, display preferences, app mode) and
 * the trusted-device mark, which only the sign-in reads. Any other cookie (a session, a toast, an application in
 * progress, one we do not know) means the request is rendered.
 */
const KEYED_COOKIES = new Set([
  LOCALE_COOKIE,
  THEME_COOKIE,
  TEXT_SIZE_COOKIE,
  SYSTEM_THEME_COOKIE,
  MODE_OVERRIDE_COOKIE,
  DETECTED_MODE_COOKIE,
]);
const IGNORED_COOKIES = new Set(["tendly-device"]);

/** A longer query is rendered each time: nobody's link, and it would only push real pages out. */
const MAX_QUERY_LENGTH = 512;

function onlyKnownCookies(header: string | null): boolean {
  if (!header) return true;
  for (const part of header.split(";")) {
    const name = part.slice(0, part.includes("=") ? part.indexOf("=") : undefined).trim();
    if (name === "") continue;
    if (!KEYED_COOKIES.has(name) && !IGNORED_COOKIES.has(name)) return false;
  }
  return true;
}

/** What the key is made of, for a request the cache may answer. */
export type PageRequest = RequestLike & { method: string };

/**
 * The cache key of a request, or null when the request must be rendered: not a GET or HEAD, not a cached
 * page, a cookie the key does not hold (a session above all), or a `?lang=` whose answer sets the language
 * cookie. The key holds the host and forwarding headers (no page may be cached under another's host), the
 * path, the query with its parameters sorted, the language as the root loader picks it, the display
 * preferences and app mode the root's `Layout` writes into `<html>`, and whether the reader is a crawler (the
 * document is then rendered whole before it is sent).
 */
export function pageCacheKey(request: PageRequest): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (!isCachedPath(url.pathname) || url.search.length > MAX_QUERY_LENGTH) return null;
  const { headers } = request;
  if (!onlyKnownCookies(headers.get("cookie"))) return null;
  if (localeCookieFromQuery(request)) return null;
  url.searchParams.sort();
  const preferences = readPreferences(request);
  return [
    headers.get("host") ?? "",
    headers.get("x-forwarded-host") ?? "",
    headers.get("x-forwarded-proto") ?? "",
    url.pathname,
    url.searchParams.toString(),
    localeOfRequest(request),
    preferences.theme,
    preferences.systemTheme,
    preferences.textSize,
    preferences.appMode,
    preferences.modeOverride ?? "",
    isbot(headers.get("user-agent")) ? "bot" : "",
  ].join("\n");
}
