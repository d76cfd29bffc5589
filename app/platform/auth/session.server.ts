import { and, eq, lt, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "~/platform/db/client.server";
import { preparedStatement } from "~/platform/db/prepared.server";
import {
  caregiverProfiles,
  clientProfiles,
  sessions,
  userProfiles,
  userRoles,
  type CaregiverStatus,
  type Role,
} from "~/platform/db/schema";
import { isLocale, type Locale } from "~/i18n/config";
import { getEnv } from "~/utils/env.server";
import { readPreferences } from "~/utils/preferences";
import { toastCookie } from "~/utils/toast.server";
import { getAuth } from "./auth.server";
import { isRefusedDemoAccount } from "./demo-access.server";
import { homePathFor, loginRedirectUrl, requestLocation, safeRedirectPath } from "./redirects";
import { recordSecurityEvent } from "./security-events.server";

export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  avatarUrl: string | null;
  caregiverStatus: CaregiverStatus | null;
  twoFactorEnabled: boolean;
  sessionId: string;
  /** The language the person chose (app/i18n), null until they choose one. */
  locale?: Locale | null;
};

/** An admin session ends after 30 minutes without a request (docs/product-rules.md, "Accounts and sign-in"). */
export const ADMIN_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** last_active_at moves forward at most once a minute, not on every request. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60 * 1000;
export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";

/** Where an admin without two-factor authentication is sent when ADMIN_REQUIRE_2FA is on. */
export const TWO_FACTOR_SETUP_PATH = "/admin/settings";

// The root, layout and page loaders of one request all ask for the user:
// they share one lookup. Requests whose admin session just timed out are
// remembered so that the guard can say why the person has to sign in again.
const currentUsers = new WeakMap<Request, Promise<CurrentUser | null>>();
const timedOutRequests = new WeakSet<Request>();

/** The signed-in user of this request with roles and profile, or null. */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let pending = currentUsers.get(request);
  if (!pending) {
    pending = loadCurrentUser(request);
    currentUsers.set(request, pending);
  }
  return pending;
}

// The roles and both profiles in one statement (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md): every
// signed-in request asks, after better-auth's own two reads of the session and the account; built once
// (docs/decisions/0062-statements-built-once.md).
const profileStatement = preparedStatement((database) =>
  database
    .select({
      roles: sql<
        Role[]
      >`(select coalesce(json_agg(${userRoles.role}), '[]'::json) from ${userRoles} where ${userRoles.userId} = ${userProfiles.id})`,
      clientFirstName: clientProfiles.firstName,
      clientLastName: clientProfiles.lastName,
      caregiverFirstName: caregiverProfiles.firstName,
      caregiverLastName: caregiverProfiles.lastName,
      profilePhotoUrl: caregiverProfiles.profilePhotoUrl,
      caregiverStatus: caregiverProfiles.caregiverStatus,
    })
    .from(userProfiles)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, userProfiles.id))
    .leftJoin(caregiverProfiles, eq(caregiverProfiles.userId, userProfiles.id))
    .where(eq(userProfiles.id, sql.placeholder("userId"))),
);

async function loadCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const { user } = session;
  // A demo account's session ends where demo accounts are off (docs/decisions/0010).
  if (isRefusedDemoAccount(user.email, request)) return null;
  const [profile] = await profileStatement().execute({ userId: user.id });
  if (!profile) return null;
  const { roles } = profile;
  if (roles.includes("admin")) {
    const activity = await trackAdminActivity(request, {
      id: session.session.id,
      userId: user.id,
      lastActiveAt: session.session.lastActiveAt,
    });
    if (activity === "timed-out") {
      timedOutRequests.add(request);
      return null;
    }
  }
  const [fallbackFirst = user.name, ...rest] = user.name.split(" ");
  const firstName = profile.caregiverFirstName ?? profile.clientFirstName ?? fallbackFirst;
  const lastName = profile.caregiverLastName ?? profile.clientLastName ?? rest.join(" ");
  return {
    id: user.id,
    email: user.email,
    name: `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    roles: roles.length > 0 ? roles : ["client"],
    avatarUrl: profile.profilePhotoUrl ?? null,
    caregiverStatus: profile.caregiverStatus ?? null,
    twoFactorEnabled: user.twoFactorEnabled === true,
    sessionId: session.session.id,
    locale: isLocale(user.locale) ? user.locale : null,
  };
}

/**
 * The admin inactivity rule: a session idle for more than 30 minutes
 * is deleted and the request treated as signed out; otherwise its
 * last_active_at moves forward, at most once a minute. One query either way.
 */
async function trackAdminActivity(
  request: Request,
  session: { id: string; userId: string; lastActiveAt: Date | string | null | undefined },
  now = new Date(),
): Promise<"active" | "timed-out"> {
  const lastActiveAt = session.lastActiveAt ? new Date(session.lastActiveAt) : now;
  const idleMs = now.getTime() - lastActiveAt.getTime();
  if (idleMs > ADMIN_IDLE_TIMEOUT_MS) {
    // Only the request that actually removed the row records the event.
    const removed = await db.delete(sessions).where(eq(sessions.id, session.id)).returning({ id: sessions.id });
    if (removed.length > 0) {
      await recordSecurityEvent({
        type: "session_timeout",
        userId: session.userId,
        category: "session",
        request,
        metadata: { sessionId: session.id, idleMinutes: Math.floor(idleMs / 60_000), role: "admin" },
      });
    }
    return "timed-out";
  }
  if (idleMs > ACTIVITY_WRITE_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastActiveAt: now })
      .where(and(eq(sessions.id, session.id), lt(sessions.lastActiveAt, now)));
  }
  return "active";
}

/** The signed-in user, or a redirect to the right login page carrying the origin. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  const loginUrl = loginRedirectUrl(request, readPreferences(request).appMode);
  if (timedOutRequests.has(request)) {
    throw redirect(`${loginUrl}&reason=timeout`, {
      headers: { "Set-Cookie": toastCookie({ type: "info", title: SESSION_EXPIRED_MESSAGE }) },
    });
  }
  throw redirect(loginUrl);
}

/**
 * A user holding one of `allowed`; others go to their own home (docs/product-rules.md, "Areas, roles and redirects").
 * With ADMIN_REQUIRE_2FA, an administrator without two-factor authentication
 * can open only the admin settings page until they set it up.
 */
export async function requireRole(request: Request, allowed: readonly Role[]): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.roles.some((role) => allowed.includes(role))) throw redirect(homePathFor(user.roles));
  if (allowed.includes("admin") && user.roles.includes("admin") && !user.twoFactorEnabled) {
    const { pathname } = requestLocation(request);
    const isAdminPage = pathname === "/admin" || pathname.startsWith("/admin/");
    if (isAdminPage && pathname !== TWO_FACTOR_SETUP_PATH && getEnv().ADMIN_REQUIRE_2FA) {
      throw redirect(`${TWO_FACTOR_SETUP_PATH}?required=2fa`);
    }
  }
  return user;
}

/**
 * Login and register pages (docs/product-rules.md, "Areas, roles and redirects"): a signed-in user goes to the location
 * first asked for (`redirectTo`), else to their home.
 */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  const user = await getCurrentUser(request);
  if (!user) return;
  const target = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  throw redirect(target ?? homePathFor(user.roles));
}
