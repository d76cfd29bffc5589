import type { Role } from "~/db/schema/users";
import type { AppMode } from "~/utils/app-mode";

// Spec 2.7 redirect rules, pure so that they are tested directly.

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

/** Only same-site relative paths are honoured as a post-sign-in target. */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  if (CONTROL_CHARACTERS.test(value)) return undefined;
  return value;
}

export function loginRedirectUrl(request: Request, mode: AppMode): string {
  const url = new URL(request.url);
  const origin = `${url.pathname}${url.search}`;
  const params = new URLSearchParams({ redirectTo: origin });
  return `${loginPathFor(url.pathname, mode)}?${params}`;
}
