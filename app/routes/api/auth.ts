import { getAuth } from "~/auth/auth.server";
import type { Route } from "./+types/auth";

// better-auth's HTTP endpoints (sign-in, sign-up, verification, reset ...).
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
