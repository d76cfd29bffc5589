import { useEffect } from "react";
import { redirect, useLocation, useNavigate } from "react-router";
import { homeRedirectTarget, isDirectLoad, recoveryHashTarget } from "~/auth/redirects";
import { getCurrentUser } from "~/auth/session.server";
import Screen, { meta as screenMeta } from "../screen";
import type { Route } from "./+types/home";

export const meta = screenMeta;

// Spec 2.7, home page: recovery and sign-up links go on to their pages; a
// signed-in user who opens the site directly is sent to their home, once per
// load (a later click on Home is a client-side navigation, never direct).
export async function loader({ request, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const needsUser = params.get("type") !== "recovery" && isDirectLoad(request);
  const user = needsUser ? await getCurrentUser(request) : null;
  const target = homeRedirectTarget({ url, roles: user?.roles ?? null, isDirectLoad: needsUser });
  if (target) throw redirect(target);
  return null;
}

export default function Home() {
  const location = useLocation();
  const navigate = useNavigate();
  // The `#access_token=...&type=recovery` form of a recovery link never
  // reaches the server.
  useEffect(() => {
    const target = recoveryHashTarget(location);
    if (target) navigate(target, { replace: true });
  }, [location, navigate]);
  return <Screen />;
}
