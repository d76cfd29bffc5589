import { redirect } from "react-router";
import { requestLocation } from "~/platform/auth/redirects";
import type { Route } from "./+types/redirect";

// Fixed redirects of the URL map (docs/product-rules.md, "Public site and header"). The query string is kept so
// that links carrying parameters still work.
export const REDIRECTS: [pattern: RegExp, target: string][] = [
  [/^\/home\/?$/, "/"],
  [/^\/auth(\/.*)?$/, "/login"],
  [/^\/signup\/?$/, "/register"],
  [/^\/caregiver-registration\/?$/, "/register/caregiver/personal-info"],
  [/^\/register\/caregiver\/?$/, "/register/caregiver/personal-info"],
  [/^\/request\/?$/, "/request/client-info"],
  [/^\/(request-care|find-care)\/?$/, "/request/client-info"],
];

export function redirectTarget(url: URL): string | undefined {
  const target = REDIRECTS.find(([pattern]) => pattern.test(url.pathname))?.[1];
  return target === undefined ? undefined : target + url.search;
}

export function loader({ request }: Route.LoaderArgs) {
  // requestLocation: a client-side navigation asks for /find-care.data.
  const target = redirectTarget(requestLocation(request));
  if (!target) throw new Response("Not Found", { status: 404 });
  return redirect(target);
}
