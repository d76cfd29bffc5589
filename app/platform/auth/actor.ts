import { AppError } from "~/utils/app-error";
import type { Role } from "~/utils/roles";

/** A signed-in user acting as one of their roles. */
export type RoleActor<R extends Role = Role> = { id: string; role: R };

/** The user as one of their roles; refuses a user who does not hold it. */
export function actorAs<R extends Role>(user: { id: string; roles: readonly Role[] }, role: R): RoleActor<R> {
  if (!user.roles.includes(role)) throw new AppError("forbidden", "common:access.denied");
  return { id: user.id, role };
}
