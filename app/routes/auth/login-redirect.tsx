import { redirect } from "react-router";
import { requestLocation } from "~/platform/auth/redirects";
import { readPreferences } from "~/utils/preferences";
import type { Route } from "./+types/login-redirect";

// Login redirect (docs/product-rules.md, "Areas, roles and redirects"): /login goes to /login/pwa in app mode, else /login/desktop.
export function loader({ request }: Route.LoaderArgs) {
  const { appMode } = readPreferences(request);
  const { search } = requestLocation(request);
  return redirect(`${appMode === "mobile" ? "/login/pwa" : "/login/desktop"}${search}`);
}
