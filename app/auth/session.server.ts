import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "~/db/client.server";
import { caregiverProfiles, clientProfiles, userRoles, type CaregiverStatus, type Role } from "~/db/schema";
import { readPreferences } from "~/utils/preferences";
import { getAuth } from "./auth.server";
import { homePathFor, loginRedirectUrl, safeRedirectPath } from "./redirects";

export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  avatarUrl: string | null;
  caregiverStatus: CaregiverStatus | null;
  sessionId: string;
};

/** The signed-in user of this request with roles and profile, or null. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const { user } = session;
  const [roleRows, [client], [caregiver]] = await Promise.all([
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id)),
    db.select().from(clientProfiles).where(eq(clientProfiles.userId, user.id)).limit(1),
    db.select().from(caregiverProfiles).where(eq(caregiverProfiles.userId, user.id)).limit(1),
  ]);
  const roles = roleRows.map((row) => row.role);
  const [fallbackFirst = user.name, ...rest] = user.name.split(" ");
  const firstName = caregiver?.firstName ?? client?.firstName ?? fallbackFirst;
  const lastName = caregiver?.lastName ?? client?.lastName ?? rest.join(" ");
  return {
    id: user.id,
    email: user.email,
    name: `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    roles: roles.length > 0 ? roles : ["client"],
    avatarUrl: caregiver?.profilePhotoUrl ?? null,
    caregiverStatus: caregiver?.caregiverStatus ?? null,
    sessionId: session.session.id,
  };
}

/** The signed-in user, or a redirect to the right login page carrying the origin. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(loginRedirectUrl(request, readPreferences(request).appMode));
  return user;
}

/** A user holding one of `allowed`; others go to their own home (spec 2.7). */
export async function requireRole(request: Request, allowed: readonly Role[]): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.roles.some((role) => allowed.includes(role))) throw redirect(homePathFor(user.roles));
  return user;
}

/**
 * Login and register pages (spec 2.7): a signed-in user goes to the location
 * first asked for (`redirectTo`), else to their home.
 */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  const user = await getCurrentUser(request);
  if (!user) return;
  const target = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  throw redirect(target ?? homePathFor(user.roles));
}
