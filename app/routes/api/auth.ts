import { getAuth } from "~/platform/auth/auth.server";
import type { Route } from "./+types/auth";

// better-auth mounts an HTTP endpoint for everything it and its plugins can do
// (admin impersonation, set-user-password, set-role, update-user,
// list-sessions ...). The app calls what it needs on the server through
// getAuth().api, behind its own rules and audit log; over HTTP only the
// emailed password-reset link is reachable, which checks the token and
// redirects to /reset-password (docs/decisions/0010).
const OPEN_ENDPOINTS: { method: string; path: RegExp }[] = [
  { method: "GET", path: /^\/api\/auth\/reset-password\/[A-Za-z0-9_-]{1,256}$/ },
];

export function isOpenAuthEndpoint(method: string, pathname: string): boolean {
  return OPEN_ENDPOINTS.some((endpoint) => endpoint.method === method && endpoint.path.test(pathname));
}

function handle(request: Request) {
  if (!isOpenAuthEndpoint(request.method, new URL(request.url).pathname)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return getAuth().handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}
