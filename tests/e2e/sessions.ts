import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { serializeSignedCookie } from "better-call";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import {
  createCaregiver,
  createClient,
  createUser,
  type CreateCaregiverInput,
} from "~/platform/db/seed/factories.server";
import { sessions } from "~/platform/db/schema";
import { e2eDatabase, serverDataOf } from "./e2e-database";

// Sessions for end-to-end tests without the sign-in form (docs/decisions/0023-a-fast-test-loop.md).
// A session row is written into the e2e server's database, as better-auth writes it at sign-in, and
// its cookie is signed with the server's own secret by better-auth's cookie library. No password is
// hashed: the form's path (lockout, scrypt at production cost, two-factor) is covered by the tests
// that sign in through it (login, admin, two-factor, lockout, app mode).

export const SESSION_COOKIE = "better-auth.session_token";
const EIGHT_HOURS_MS = 8 * 60 * 60 * 1000;

/** The secret the e2e server signs its cookies with (it keeps it in its data directory). */
function authSecret(): string {
  return process.env.AUTH_SECRET || serverDataOf(process.env.E2E_DATA_DIR!).authSecret;
}

type SessionCookie = { name: string; value: string };
type SessionStore = Pick<ReturnType<typeof e2eDatabase>, "insert">;

/** A new session for `userId` in `db`, as signing in would make it; returns its cookie signed with `secret`. */
export async function mintSession(userId: string, db: SessionStore = e2eDatabase(), secret = authSecret()) {
  const token = randomBytes(24).toString("base64url");
  await db.insert(sessions).values({
    id: randomUUID(),
    token,
    userId,
    expiresAt: new Date(Date.now() + EIGHT_HOURS_MS),
    ipAddress: "127.0.0.1",
    userAgent: "Playwright",
  });
  const header = await serializeSignedCookie(SESSION_COOKIE, token, secret);
  const pair = header.split(";")[0]!;
  return { name: SESSION_COOKIE, value: pair.slice(SESSION_COOKIE.length + 1) } satisfies SessionCookie;
}

/**
 * A `Cookie` header signing `email` in on a server a test started itself on `dataDir` (its own
 * embedded PostgreSQL and secret), without the form: no password hash waiting for a busy CPU.
 */
export async function sessionCookieOn(dataDir: string, email: string): Promise<string> {
  const { authSecret: secret, databaseUrl } = serverDataOf(dataDir);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const db = drizzle(pool, { casing: "snake_case" });
    const { rows } = await pool.query<{ id: string }>("select id from user_profiles where email = $1", [
      email.toLowerCase(),
    ]);
    if (!rows[0]) throw new Error(`No account for ${email} on the server in ${dataDir}`);
    const cookie = await mintSession(rows[0].id, db, secret);
    return `${cookie.name}=${cookie.value}`;
  } finally {
    await pool.end();
  }
}

/** The id of the account with this address. */
export async function userIdOf(email: string): Promise<string> {
  const { rows } = await e2eDatabase().execute<{ id: string }>(
    sql`select id from user_profiles where email = ${email.toLowerCase()}`,
  );
  if (!rows[0]) throw new Error(`No account for ${email}`);
  return rows[0].id;
}

/**
 * Signs a page's browser context (its page.request shares its cookies) or an API request context in
 * as `userId`, with a new session of its own.
 */
export async function signInWithSession(target: { request: APIRequestContext }, userId: string, baseURL: string) {
  const cookie = await mintSession(userId);
  await target.request.addCookies([{ ...cookie, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** A `Cookie` header signing `userId` in on the suite's server, for a client that is not Playwright's. */
export async function sessionCookieFor(userId: string): Promise<string> {
  const cookie = await mintSession(userId);
  return `${cookie.name}=${cookie.value}`;
}

// Users of a test's own: nothing another test running beside it reads or changes.

/** A new verified client with a complete profile (no password: it signs in with a minted session). */
export function newClient(input: Parameters<typeof createClient>[1] = {}) {
  return createClient(e2eDatabase(), { firstName: "Riley", ...input });
}

/** A new approved caregiver with a profile and weekday availability. */
export function newCaregiver(input: CreateCaregiverInput = {}) {
  return createCaregiver(e2eDatabase(), { firstName: "Grace", ...input });
}

/**
 * A new administrator of the test's own. A test that signs an administrator in through a form uses one:
 * a sign-in stores the language it was made in on the account (docs/product-rules.md, "Languages"), and
 * the demo admin is shared by the tests that run beside it. With `password`, the form can be used.
 */
export function newAdmin(input: { password?: string } = {}) {
  return createUser(e2eDatabase(), {
    firstName: "Ada",
    lastName: `Admin${randomBytes(4).toString("hex")}`,
    roles: ["admin"],
    ...input,
  });
}
