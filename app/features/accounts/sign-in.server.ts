import { and, count, desc, eq, gt, gte, or, sql } from "drizzle-orm";
import { getAuth } from "~/platform/auth/auth.server";
import { clientAddress } from "~/platform/auth/client-address";
import { isRefusedDemoAccount } from "~/platform/auth/demo-access.server";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { db } from "~/platform/db/client.server";
import { sessions, signInAttempts, userProfiles, userRoles } from "~/platform/db/schema";
import { localeOfRequest } from "~/i18n/locale";
import { getEnv } from "~/utils/env.server";
import { LaneFullError } from "~/utils/bounded-lane";
import { PASSWORD_HASHING_BUSY, passwordCheckLane } from "~/utils/password.server";
import type { Role } from "~/utils/roles";
import { saveAccountLocale } from "~/platform/auth/account-locale.server";
import { lockedUntil, LOCKOUT_LOOKBACK_MS } from "./sign-in-lockout";
import type { SignInFailure, SignInPage } from "./sign-in";
import { readTrustedDevice, trustedDeviceCookie, type TrustedDevice } from "./trusted-device.server";

// Signing in (docs/product-rules.md, "Accounts and sign-in"): the lockout of docs/decisions/0005,
// better-auth's password check, the attempt log and the security events.

/** More than 2 admin sessions within 60 s is logged (never blocked). */
export const ADMIN_SESSION_WINDOW_MS = 60_000;
export const ADMIN_SESSION_MAX = 2;

export type SignedInUser = { id: string; email: string; roles: Role[] };

export type SignInOutcome =
  /** `cookies`: every Set-Cookie for the response (session and trusted device). */
  | { status: "signed-in"; user: SignedInUser; cookies: string[] }
  /** The password was right; the account asks for its TOTP code (two-factor cookie in `cookies`). */
  | { status: "two-factor"; cookies: string[] }
  | { status: "failed"; reason: SignInFailure; cookies: string[] };

type Attempt = {
  request: Request;
  page: SignInPage;
  /** Lower-cased. */
  email: string;
  now: Date;
};

type Context = Attempt & {
  ipAddress: string | null;
  userId: string | null;
  secret: string;
  device: TrustedDevice | null;
  /** The browser's device id when its cookie vouches for this account, else null. */
  trustedDeviceId: string | null;
};

export type SignInInput = {
  request: Request;
  page: SignInPage;
  email: string;
  password: string;
  /** The clock, for tests. */
  now?: Date;
};

/** Step one: email and password. */
export function signIn(input: SignInInput): Promise<SignInOutcome> {
  return runStep(input, {
    call: (context) =>
      getAuth().api.signInEmail({
        body: { email: context.email, password: input.password },
        headers: input.request.headers,
        asResponse: true,
      }),
    failure: passwordFailure,
    isTwoFactorStep: false,
  });
}

export type VerifyCodeInput = {
  request: Request;
  page: SignInPage;
  /** The address given in step one; only used to count the attempt. */
  email: string;
  /** A 6-digit TOTP code, or one of the account's backup codes. */
  code: string;
  now?: Date;
};

/** Step two for accounts with two-factor on: the code, with the two-factor cookie of step one. */
export function verifySignInCode(input: VerifyCodeInput): Promise<SignInOutcome> {
  const code = input.code.replace(/\s+/g, "");
  const options = { body: { code }, headers: input.request.headers, asResponse: true } as const;
  return runStep(input, {
    call: () => (/^\d{6}$/.test(code) ? getAuth().api.verifyTOTP(options) : getAuth().api.verifyBackupCode(options)),
    failure: codeFailure,
    isTwoFactorStep: true,
  });
}

/**
 * One step, in the password check lane: the locks, better-auth's answer, then
 * the records of success or failure. With too many waiting it is refused
 * before anything is read or counted.
 */
async function runStep(
  input: { request: Request; page: SignInPage; email: string; now?: Date },
  step: StepDefinition,
): Promise<SignInOutcome> {
  try {
    return await passwordCheckLane().run(() => runStepNow(input, step));
  } catch (error) {
    if (error instanceof LaneFullError) return { status: "failed", reason: "busy", cookies: [] };
    throw error;
  }
}

type StepDefinition = {
  call: (context: Context) => Promise<Response>;
  failure: (status: number | undefined, code: unknown) => SignInFailure;
  isTwoFactorStep: boolean;
};

async function runStepNow(
  input: { request: Request; page: SignInPage; email: string; now?: Date },
  step: StepDefinition,
): Promise<SignInOutcome> {
  const context = await attemptContext(input);
  const refusal = await refuseIfLocked(context);
  if (refusal) return refusal;
  // Answered as a wrong password: a demo account is no way in where demo accounts are off.
  if (isRefusedDemoAccount(context.email, context.request)) return failSignIn(context, "invalid", []);

  const response = await callAuth(() => step.call(context));
  const body = await readJson(response);
  const cookies = response?.headers.getSetCookie() ?? [];
  if (response?.ok && body?.twoFactorRedirect === true) return { status: "two-factor", cookies };
  if (response?.ok && isUserBody(body)) {
    return completeSignIn(context, body.user, cookies, { twoFactor: step.isTwoFactorStep });
  }
  const reason = step.failure(response?.status, body?.code);
  // Too many hashes waiting: the password was never checked, so nothing is counted or logged.
  if (reason === "busy") return { status: "failed", reason, cookies: [] };
  return failSignIn(context, reason, cookies);
}

async function attemptContext(input: { request: Request; page: SignInPage; email: string; now?: Date }) {
  const email = input.email.trim().toLowerCase();
  const { secret } = await getAuth().$context;
  const [user] = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(sql`lower(${userProfiles.email}) = ${email}`)
    .limit(1);
  const device = readTrustedDevice(input.request, secret);
  const userId = user?.id ?? null;
  return {
    request: input.request,
    page: input.page,
    email,
    now: input.now ?? new Date(),
    ipAddress: clientAddress(input.request),
    userId,
    secret,
    device,
    trustedDeviceId: device && userId && device.userIds.includes(userId) ? device.deviceId : null,
  } satisfies Context;
}

type LockScope = "address" | "account" | "device";

/**
 * The locks in force for this attempt: its client address; and the account,
 * either as seen from untrusted browsers or, for a browser whose device
 * cookie vouches for the account, as seen from that browser alone.
 */
async function activeLocks(context: Context): Promise<{ scope: LockScope; until: Date }[]> {
  const since = new Date(context.now.getTime() - LOCKOUT_LOOKBACK_MS);
  const rows = await db
    .select({
      email: signInAttempts.email,
      ipAddress: signInAttempts.ipAddress,
      deviceId: signInAttempts.deviceId,
      createdAt: signInAttempts.createdAt,
    })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.succeeded, false),
        gt(signInAttempts.createdAt, since),
        context.ipAddress
          ? or(eq(signInAttempts.ipAddress, context.ipAddress), eq(signInAttempts.email, context.email))
          : eq(signInAttempts.email, context.email),
      ),
    )
    .orderBy(desc(signInAttempts.createdAt))
    .limit(500);
  const scopes: [LockScope, typeof rows][] = [
    ["address", context.ipAddress ? rows.filter((row) => row.ipAddress === context.ipAddress) : []],
    context.trustedDeviceId
      ? ["device", rows.filter((row) => row.email === context.email && row.deviceId === context.trustedDeviceId)]
      : ["account", rows.filter((row) => row.email === context.email && row.deviceId === null)],
  ];
  return scopes.flatMap(([scope, failures]) => {
    const until = lockedUntil(
      failures.map((row) => row.createdAt),
      context.now,
    );
    return until ? [{ scope, until }] : [];
  });
}

async function refuseIfLocked(context: Context): Promise<SignInOutcome | null> {
  const locks = await activeLocks(context);
  if (locks.length === 0) return null;
  // Not a counted failure: the password was never checked (docs/decisions/0005).
  await recordSecurityEvent({
    type: "failed_login_attempt",
    userId: context.userId,
    request: context.request,
    metadata: { ...attemptMetadata(context), reason: "locked", locks: locks.map(describeLock) },
  });
  return { status: "failed", reason: "too-many", cookies: [] };
}

async function failSignIn(context: Context, reason: SignInFailure, cookies: string[]): Promise<SignInOutcome> {
  // A lapsed two-factor step is not a guess: it only sends the person back to step one.
  if (reason !== "two-factor-expired") {
    await db.insert(signInAttempts).values({
      email: context.email,
      ipAddress: context.ipAddress,
      deviceId: context.trustedDeviceId,
      succeeded: false,
      createdAt: context.now,
    });
  }
  await recordSecurityEvent({
    type: "failed_login_attempt",
    userId: context.userId,
    request: context.request,
    metadata: { ...attemptMetadata(context), reason },
  });
  // This attempt passed the lock check, so any lock in force now starts with it.
  for (const lock of await activeLocks(context)) {
    await recordSecurityEvent({
      type: "account_locked",
      userId: lock.scope === "address" ? null : context.userId,
      request: context.request,
      metadata: { ...attemptMetadata(context), ...describeLock(lock) },
    });
  }
  return { status: "failed", reason, cookies };
}

async function completeSignIn(
  context: Context,
  user: { id: string; email: string },
  authCookies: string[],
  details: { twoFactor: boolean },
): Promise<SignInOutcome> {
  const env = getEnv();
  const { device, setCookie } = trustedDeviceCookie({
    current: context.device,
    userId: user.id,
    secret: context.secret,
    isSecure: env.appUrl.startsWith("https://"),
  });
  await db.insert(signInAttempts).values({
    email: context.email,
    ipAddress: context.ipAddress,
    deviceId: device.deviceId,
    succeeded: true,
    createdAt: context.now,
  });
  // The language the person is using as they sign in (the switch's cookie, else the browser's) is
  // theirs from now on: emails, notifications and pushes follow it (docs/product-rules.md, "Languages").
  await saveAccountLocale(user.id, localeOfRequest(context.request));
  const roleRows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
  const roles: Role[] = roleRows.length > 0 ? roleRows.map((row) => row.role) : ["client"];
  const metadata = { ...attemptMetadata(context), twoFactor: details.twoFactor, roles };
  await recordSecurityEvent({ type: "successful_login", userId: user.id, request: context.request, metadata });
  if (roles.includes("admin")) await recordAdminSignIn(context, user.id, metadata);
  return {
    status: "signed-in",
    user: { id: user.id, email: user.email, roles },
    cookies: [...authCookies, setCookie],
  };
}

/** Every admin sign-in is audited; more than 2 admin sessions within 60 s is flagged, not blocked. */
async function recordAdminSignIn(context: Context, userId: string, metadata: Record<string, unknown>) {
  await recordSecurityEvent({ type: "admin_login", userId, request: context.request, metadata });
  // better-auth stamps sessions with the real clock, not the injected one.
  const since = new Date(Date.now() - ADMIN_SESSION_WINDOW_MS);
  const [row] = await db
    .select({ sessions: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gte(sessions.createdAt, since), gt(sessions.expiresAt, new Date())));
  const recent = row?.sessions ?? 0;
  if (recent > ADMIN_SESSION_MAX) {
    await recordSecurityEvent({
      type: "admin_concurrent_sessions_exceeded",
      userId,
      request: context.request,
      metadata: {
        ...metadata,
        sessionsWithinWindow: recent,
        windowSeconds: ADMIN_SESSION_WINDOW_MS / 1000,
        max: ADMIN_SESSION_MAX,
      },
    });
  }
}

function attemptMetadata(context: Context) {
  return {
    email: context.email,
    page: context.page,
    trustedDevice: context.trustedDeviceId !== null,
    timestamp: context.now.toISOString(),
  };
}

function describeLock(lock: { scope: LockScope; until: Date }) {
  return { scope: lock.scope, lockedUntil: lock.until.toISOString() };
}

/** better-auth's answer as a Response; null when the call itself broke. */
async function callAuth(call: () => Promise<Response>): Promise<Response | null> {
  try {
    return await call();
  } catch (error) {
    // asResponse turns its own refusals into responses; anything thrown is ours or the database's.
    console.error("Sign-in failed:", error instanceof Error ? error.message : error);
    return null;
  }
}

type AuthBody = { code?: unknown; twoFactorRedirect?: unknown; user?: unknown } | null;

async function readJson(response: Response | null): Promise<AuthBody> {
  if (!response) return null;
  try {
    const body: unknown = await response.clone().json();
    return body && typeof body === "object" ? (body as AuthBody) : null;
  } catch {
    return null;
  }
}

function isUserBody(body: AuthBody): body is { user: { id: string; email: string } } {
  const user = body?.user as { id?: unknown; email?: unknown } | undefined;
  return typeof user?.id === "string" && typeof user.email === "string";
}

/** better-auth's refusals of step one, as the sign-in failure kinds. */
function passwordFailure(status: number | undefined, code: unknown): SignInFailure {
  if (code === PASSWORD_HASHING_BUSY) return "busy";
  if (status === 401 || code === "INVALID_EMAIL_OR_PASSWORD") return "invalid";
  if (status === 403 && code === "EMAIL_NOT_VERIFIED") return "unverified";
  if (status === 429) return "too-many";
  return "other";
}

/** better-auth's refusals of step two. */
function codeFailure(status: number | undefined, code: unknown): SignInFailure {
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
    return "two-factor-expired";
  if (status === 429 || code === "ACCOUNT_TEMPORARILY_LOCKED") return "too-many";
  if (status === 401 || status === 400) return "two-factor-invalid";
  return "other";
}
