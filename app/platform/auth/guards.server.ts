import { createContext, type MiddlewareFunction } from "react-router";
import type { Role } from "~/platform/db/schema";
import { requireRole, type CurrentUser } from "./session.server";

/**
 * The signed-in user of an area (client, caregiver, admin), set by the area's
 * guard before any loader or action below it runs. Read it with
 * `context.get(currentUserContext)` instead of querying the session again;
 * outside a guarded area reading it throws.
 */
export const currentUserContext = createContext<CurrentUser>();

/**
 * Route middleware guarding an area layout (docs/product-rules.md, "Areas, roles and redirects"). React Router runs
 * every middleware of the matched routes before any of their loaders or
 * actions, for document and `.data` requests alike, so no child loader runs
 * for a visitor the area refuses (layout loaders alone run in parallel with
 * their children's). Anonymous visitors go to the login page carrying the
 * origin path; users without an allowed role go to their own home.
 */
export function roleGuard(allowed: readonly Role[]): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const user = await requireRole(request, allowed);
    context.set(currentUserContext, user);
    return next();
  };
}

export type BlockedCaregiverStatus = "pending" | "suspended";

/** A caregiver application pending review or a suspended account blocks the caregiver area. */
export function blockedCaregiverStatus(user: Pick<CurrentUser, "caregiverStatus">): BlockedCaregiverStatus | null {
  const status = user.caregiverStatus;
  return status === "pending" || status === "suspended" ? status : null;
}
