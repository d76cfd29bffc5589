import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER, getAuth, initAuth } from "~/platform/auth/auth.server";
import { getCurrentUser, requireRole } from "~/platform/auth/session.server";
import { accounts, sessions, userProfiles } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "~/platform/db/seed/seed.server";
import type { Env } from "~/utils/env.server";
import { verifyPassword } from "~/utils/password.server";
import { createTestDatabase, type TestDatabase } from "./db";
import { createDataDir, randomSecret, useTestEnv } from "./env";
import { deliveredOutbox } from "./emails";

const [CLIENT, CAREGIVER, ADMIN] = DEMO_ACCOUNTS;

let testDb: TestDatabase;
let env: Env;
let removeDataDir: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await createDataDir();
  removeDataDir = dataDir.remove;
  env = useTestEnv({ DATA_DIR: dataDir.dir });
  testDb = await createTestDatabase();
  await seedDemoData(testDb.db);
  initAuth(randomSecret());
});

afterAll(async () => {
  await testDb?.drop();
  await removeDataDir?.();
});

async function sessionCount(email: string): Promise<number> {
  const rows = await testDb.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(userProfiles, eq(userProfiles.id, sessions.userId))
    .where(eq(userProfiles.email, email));
  return rows.length;
}

/** The status of a refused better-auth API call. */
async function refusal(call: Promise<unknown>): Promise<{ status: unknown; message: string }> {
  try {
    await call;
  } catch (error) {
    const { statusCode, message } = error as { statusCode?: unknown; message: string };
    return { status: statusCode, message };
  }
  throw new Error("the call was accepted");
}

// Rate limits are on in every environment and count per client address:
// each request of these tests comes from an address of its own, as distinct
// people would. (A test below shows the limit itself.)
let addressCounter = 0;
function nextClientAddress() {
  addressCounter += 1;
  return `10.20.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function authRequest(
  path: string,
  body: Record<string, unknown>,
  origin = env.appUrl,
  address = nextClientAddress(),
): Request {
  return new Request(`${env.appUrl}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, [CLIENT_IP_HEADER]: address },
    body: JSON.stringify(body),
  });
}

// Sign-in goes through our sign-in pages (their action calls the API directly).
async function signInCookie(email: string): Promise<string> {
  const response = await getAuth().api.signInEmail({
    body: { email, password: DEMO_PASSWORD },
    headers: new Headers({ [CLIENT_IP_HEADER]: nextClientAddress() }),
    asResponse: true,
  });
  expect(response.status).toBe(200);
  const cookies = response.headers.getSetCookie();
  const session = cookies.find((cookie) => cookie.startsWith("better-auth.session_token="));
  expect(session).toBeDefined();
  expect(session).toMatch(/HttpOnly/i);
  expect(session).toMatch(/SameSite=Lax/i);
  return session!.split(";")[0]!;
}

const page = (path: string, cookie?: string) =>
  new Request(`${env.appUrl}${path}`, { headers: cookie ? { cookie } : {} });

/**
 * A password change without a session, which the auth API refuses, from
 * `address`: one of the endpoints under its strict rate limit that stays open
 * (sign-in and sign-up go through our pages).
 */
function refusedPasswordChange(address: string) {
  const body = { currentPassword: "not-signed-in", newPassword: "Whatever-123!" };
  return getAuth().handler(authRequest("/change-password", body, env.appUrl, address));
}

describe("signing in with email and password", () => {
  test("the demo client signs in with the demo password and gets a session", async () => {
    const before = await sessionCount(CLIENT.email);
    const result = await getAuth().api.signInEmail({ body: { email: CLIENT.email, password: DEMO_PASSWORD } });
    expect(result.user.email).toBe(CLIENT.email);
    expect(result.token).toEqual(expect.any(String));
    expect(await sessionCount(CLIENT.email)).toBe(before + 1);
  });

  test("repeated requests to the auth API from one address are rate limited", async () => {
    const address = nextClientAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await refusedPasswordChange(address)).status);
    expect(statuses[0]).toBe(401);
    expect(statuses).toContain(429);
    // Another address is not affected.
    expect((await refusedPasswordChange(nextClientAddress())).status).toBe(401);
  });

  test("the email address is matched without regard to case", async () => {
    const result = await getAuth().api.signInEmail({
      body: { email: CLIENT.email.toUpperCase(), password: DEMO_PASSWORD },
    });
    expect(result.user.email).toBe(CLIENT.email);
  });

  test("a wrong password is refused and creates no session", async () => {
    const before = await sessionCount(CLIENT.email);
    const { status, message } = await refusal(
      getAuth().api.signInEmail({ body: { email: CLIENT.email, password: "DemoPass123?" } }),
    );
    expect(status).toBe(401);
    expect(message).toMatch(/invalid email or password/i);
    expect(await sessionCount(CLIENT.email)).toBe(before);
  });

  test("an unknown address gets the same answer as a wrong password", async () => {
    const { status, message } = await refusal(
      getAuth().api.signInEmail({ body: { email: "nobody@demo.tendly.test", password: DEMO_PASSWORD } }),
    );
    expect(status).toBe(401);
    expect(message).toMatch(/invalid email or password/i);
  });

  test("an account whose email is not verified yet is refused with 403", async () => {
    const user = await createUser(testDb.db, { password: "Unverified123!", emailVerified: false });
    const { status } = await refusal(
      getAuth().api.signInEmail({ body: { email: user.email, password: "Unverified123!" } }),
    );
    expect(status).toBe(403);
  });

  test("the stored hash is scrypt with N=2^17, r=8, p=1", async () => {
    const [row] = await testDb.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(userProfiles, eq(userProfiles.id, accounts.userId))
      .where(eq(userProfiles.email, CLIENT.email));
    expect(row?.password).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword({ hash: row!.password!, password: DEMO_PASSWORD })).toBe(true);
  });
});

describe("signing up", () => {
  test("sends a verification link to the outbox; following it verifies the address", async () => {
    const email = `new-client-${Date.now()}@example.test`;
    await getAuth().api.signUpEmail({ body: { email, password: "NewClient123!", name: "Nia Client" } });

    const message = (await deliveredOutbox()).find((entry) => entry.to === email);
    expect(message?.subject).toBe("Confirm your email for Tendly");
    // The link opens our /verify-email page, which confirms the token with the auth API.
    const link = message?.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(`${env.appUrl}/verify-email?token=`)).toBe(true);
    const token = new URL(link!).searchParams.get("token")!;

    const verified = await getAuth().api.verifyEmail({ query: { token }, asResponse: true });
    expect(verified.status).toBeLessThan(400);
    const [user] = await testDb.db
      .select({ emailVerified: userProfiles.emailVerified, emailVerifiedAt: userProfiles.emailVerifiedAt })
      .from(userProfiles)
      .where(eq(userProfiles.email, email));
    expect(user?.emailVerified).toBe(true);
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  test("the raw sign-up and resend endpoints are closed: /register and /verify-email apply our rules", async () => {
    const headers = {
      "content-type": "application/json",
      origin: env.appUrl,
      [CLIENT_IP_HEADER]: nextClientAddress(),
    };
    const email = `raw-${Date.now()}@example.test`;
    const signUp = await getAuth().handler(
      new Request(`${env.appUrl}/api/auth/sign-up/email`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email, password: "NewClient123!", name: "Raw Client" }),
      }),
    );
    expect(signUp.status).toBe(404);
    const resend = await getAuth().handler(
      new Request(`${env.appUrl}/api/auth/send-verification-email`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: CLIENT.email }),
      }),
    );
    expect(resend.status).toBe(404);
    const [user] = await testDb.db.select().from(userProfiles).where(eq(userProfiles.email, email));
    expect(user).toBeUndefined();
  });
});

describe("the HTTP handler and the session guards", () => {
  test("a sign-in sets a session cookie that identifies the user and roles", async () => {
    const cookie = await signInCookie(CLIENT.email);
    const user = await getCurrentUser(page("/dashboard", cookie));
    expect(user).toMatchObject({ email: CLIENT.email, name: "Casey Morgan", roles: ["client"] });
  });

  test("the HTTP sign-in endpoint is closed: it would bypass the sign-in lockout", async () => {
    for (const password of [DEMO_PASSWORD, "nope-nope"]) {
      const response = await getAuth().handler(authRequest("/sign-in/email", { email: CLIENT.email, password }));
      expect(response.status).toBe(404);
      expect(response.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(false);
    }
  });

  test("requireRole lets the caregiver into the caregiver area and sends the client home", async () => {
    const caregiverCookie = await signInCookie(CAREGIVER.email);
    const caregiver = await requireRole(page("/caregiver", caregiverCookie), ["caregiver"]);
    expect(caregiver).toMatchObject({ roles: ["caregiver"], caregiverStatus: "approved", name: "Jordan Rivera" });

    const clientCookie = await signInCookie(CLIENT.email);
    const thrown = await requireRole(page("/admin", clientCookie), ["admin"]).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/dashboard");
  });

  test("requireRole sends an anonymous visitor of /admin to the admin login", async () => {
    const thrown = await requireRole(page("/admin/users"), ["admin"]).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((thrown as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers");
  });

  test("the demo admin holds the admin role", async () => {
    const cookie = await signInCookie(ADMIN.email);
    expect((await requireRole(page("/admin", cookie), ["admin"])).roles).toEqual(["admin"]);
  });

  test("a request carrying a session cookie from another origin is refused", async () => {
    const cookie = await signInCookie(CLIENT.email);
    const response = await getAuth().handler(
      new Request(`${env.appUrl}/api/auth/sign-out`, {
        method: "POST",
        headers: { cookie, origin: "http://evil.test", [CLIENT_IP_HEADER]: "127.0.0.1" },
      }),
    );
    expect(response.status).toBe(403);
    expect(await getCurrentUser(page("/dashboard", cookie))).not.toBeNull();
  });

  test("signing out ends the session", async () => {
    const cookie = await signInCookie(CLIENT.email);
    const response = await getAuth().handler(
      new Request(`${env.appUrl}/api/auth/sign-out`, {
        method: "POST",
        headers: { cookie, origin: env.appUrl, [CLIENT_IP_HEADER]: "127.0.0.1" },
      }),
    );
    expect(response.status).toBe(200);
    expect(await getCurrentUser(page("/dashboard", cookie))).toBeNull();
  });
});
