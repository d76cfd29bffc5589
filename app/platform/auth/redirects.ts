import type { Role } from "~/platform/db/schema/users";
import type { AppMode } from "~/utils/app-mode";

// The redirect rules (docs/product-rules.md, "Areas, roles and redirects"), pure so that they are tested directly.

/** Where an unauthenticated visitor of `pathname` signs in. */
export function loginPathFor(pathname: string, mode: AppMode): string {
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return "/admin/login";
  return mode === "mobile" ? "/login/pwa" : "/login/desktop";
}

/** The home of a signed-in user: /admin, /caregiver or /dashboard. */
export function homePathFor(roles: readonly Role[]): string {
  if (roles.includes("admin")) return "/admin";
  if (roles.includes("caregiver")) return "/caregiver";
  return "/dashboard";
}

// Browsers drop tabs and newlines inside a URL, so "/\t/evil.test" would
// become "//evil.test" (https://url.spec.whatwg.org/#concept-basic-url-parser).
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const MAX_REDIRECT_LENGTH = 2048;
const BASE_ORIGIN = "http://redirect.invalid";

/**
 * Only same-site relative paths are honoured as a post-sign-in target. The
 * result is what a Location header may carry: ASCII only, since the URL parser
 * percent-encodes anything else ("/café" becomes "/caf%C3%A9"); a character a
 * header cannot hold, such as U+FFFD, would otherwise make the redirect throw.
 */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  if (CONTROL_CHARACTERS.test(value) || value.length > MAX_REDIRECT_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE_ORIGIN) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function loginRedirectUrl(request: Request, mode: AppMode): string {
  const url = requestLocation(request);
  const origin = `${url.pathname}${url.search}`;
  const params = new URLSearchParams({ redirectTo: origin });
  return `${loginPathFor(url.pathname, mode)}?${params}`;
}

/**
 * The location a request is about. React Router's single-fetch data requests
 * ask for `/dashboard.data` (and `/_.data` for `/`) with a `_routes` query;
 * redirects and origin paths must name the page, not that transport URL.
 */
export function requestLocation(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  // Deleting re-encodes the whole query: only when there is something to delete.
  if (url.searchParams.has("_routes")) url.searchParams.delete("_routes");
  return url;
}

/** A single-fetch data request (client-side navigation or form), not a document. */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/**
 * "A direct load or reload with no referrer", as the server can see
 * it: a document GET (never a `.data` request, which is a client-side
 * navigation such as clicking Home in the header) without a Referer, that
 * neither another site nor a sibling subdomain started. Our Referrer-Policy
 * (strict-origin-when-cross-origin) makes every same-origin link, form and
 * redirect carry a Referer, so its absence means the browser itself started
 * the load: typed address, bookmark, installed app, or a reload of such a
 * page. `Sec-Fetch-Site` is then `none`, or `same-origin` when our service
 * worker forwards the navigation (it becomes the initiator), or missing in
 * browsers without fetch metadata. History state cannot be seen by the
 * server; a reload after arriving by a link keeps that link's Referer and so
 * is not direct either.
 */
export function isDirectLoad(request: Request): boolean {
  if (request.method !== "GET" || isDataRequest(request)) return false;
  if (request.headers.get("referer")) return false;
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "none" || site === "same-origin";
}

const AREA_PREFIXES = ["/dashboard", "/caregiver", "/admin"];

function isInArea(pathname: string): boolean {
  return AREA_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Home page redirects: where a visit of `url` goes, or undefined to stay.
 * - a password-recovery link (`type=recovery`) opens /reset-password with its
 *   token parameters (the `#...type=recovery` form is only visible to the
 *   browser, see routes/public/home.tsx);
 * - a sign-up confirmation carrying access and refresh tokens opens /verify-email;
 * - a signed-in user (roles not null) on a direct load goes to their home.
 */
export function homeRedirectTarget(input: {
  url: URL;
  roles: readonly Role[] | null;
  isDirectLoad: boolean;
}): string | undefined {
  const { url, roles } = input;
  if (isInArea(url.pathname)) return undefined;
  const params = url.searchParams;
  if (params.get("type") === "recovery") return `/reset-password${url.search}`;
  if (params.get("type") === "signup" && params.get("access_token") && params.get("refresh_token"))
    return `/verify-email${url.search}`;
  if (roles && input.isDirectLoad) return homePathFor(roles);
  return undefined;
}

/** The `#...type=recovery...` form of a recovery link, seen in the browser only. */
export function recoveryHashTarget(location: { search: string; hash: string }): string | undefined {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (fragment.get("type") !== "recovery") return undefined;
  return `/reset-password${location.search}${location.hash}`;
}

/**
 * Sign Out: the mobile-app login or the desktop login. A stored
 * override forces the choice; else what the browser detected when the user
 * pressed Sign Out; else the request's own hints.
 */
export function signedOutPath(input: {
  override: AppMode | undefined;
  submitted: string | null | undefined;
  fromRequest: AppMode;
}): string {
  const submitted = input.submitted === "mobile" || input.submitted === "desktop" ? input.submitted : undefined;
  const mode = input.override ?? submitted ?? input.fromRequest;
  return mode === "mobile" ? "/login/pwa" : "/login/desktop";
}
