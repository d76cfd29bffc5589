import { roleGuard } from "~/platform/auth/guards.server";
import { AreaLayout } from "~/components/area-layout";
import type { Route } from "./+types/layout";

// The admin area (docs/product-rules.md, "Areas, roles and redirects"), guarded before any of its loaders or actions run.
export const middleware: Route.MiddlewareFunction[] = [roleGuard(["admin"])];

// Keeps a server round trip, and so the middleware, on every client-side
// navigation into the area, even to screens without a loader of their own.
export function loader() {
  return null;
}

export default function AdminArea() {
  return <AreaLayout area="admin" />;
}
