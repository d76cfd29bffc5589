import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  ACTIVITY_WRITE_INTERVAL_MS,
  ADMIN_IDLE_TIMEOUT_MS,
  getCurrentUser,
  requireRole,
  SESSION_EXPIRED_MESSAGE,
} from "~/platform/auth/session.server";
import { auditEvents, sessions } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { useAuthTestSetup } from "./auth-env";
import { signInCookie } from "./accounts-helpers";

const PASSWORD = "AdminPass123!";
const ctx = useAuthTestSetup();
let admin: { id: string; email: string };
let client: { id: string; email: string };

beforeAll(async () => {
  [admin, client] = await Promise.all([
    createUser(ctx.db, { roles: ["admin"], password: PASSWORD }),
    createUser(ctx.db, { roles: ["client"], password: PASSWORD }),
  ]);
});

async function signIn(email: string): Promise<{ cookie: string; sessionId: string }> {
  const cookie = await signInCookie(email, PASSWORD);
  const user = await getCurrentUser(page("/admin", cookie));
  return { cookie, sessionId: user!.sessionId };
}

const page = (path: string, cookie: string) => new Request(`${ctx.env.appUrl}${path}`, { headers: { cookie } });

async function setLastActive(sessionId: string, msAgo: number) {
  const at = new Date(Date.now() - msAgo);
  await ctx.db.update(sessions).set({ lastActiveAt: at }).where(eq(sessions.id, sessionId));
  return at;
}

async function lastActive(sessionId: string): Promise<Date | undefined> {
  const [row] = await ctx.db
    .select({ lastActiveAt: sessions.lastActiveAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.lastActiveAt;
}

async function timeoutEvents(userId: string) {
  return ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.userId, userId), eq(auditEvents.eventType, "session_timeout")));
}

describe("the admin inactivity timeout (30 minutes)", () => {
  test("an admin session idle for more than 30 minutes is revoked and the request is signed out", async () => {
    const { cookie, sessionId } = await signIn(admin.email);
    const before = (await timeoutEvents(admin.id)).length;
    await setLastActive(sessionId, ADMIN_IDLE_TIMEOUT_MS + 60_000);

    const request = page("/admin/users", cookie);
    expect(await getCurrentUser(request)).toBeNull();
    expect(await lastActive(sessionId)).toBeUndefined();

    const events = await timeoutEvents(admin.id);
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({ category: "session", metadata: expect.objectContaining({ sessionId }) });

    // The guard sends the person to the admin login, saying why.
    const thrown = (await requireRole(request, ["admin"]).catch((error: unknown) => error)) as Response;
    expect(thrown.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers&reason=timeout");
    expect(decodeURIComponent(thrown.headers.get("Set-Cookie") ?? "")).toContain(SESSION_EXPIRED_MESSAGE);

    // The cookie stays useless afterwards, and no second event is written.
    expect(await getCurrentUser(page("/admin", cookie))).toBeNull();
    expect(await timeoutEvents(admin.id)).toHaveLength(before + 1);
  });

  test("two requests racing on an idle session write one session_timeout", async () => {
    const { cookie, sessionId } = await signIn(admin.email);
    const before = (await timeoutEvents(admin.id)).length;
    await setLastActive(sessionId, ADMIN_IDLE_TIMEOUT_MS + 1_000);
    const results = await Promise.all([getCurrentUser(page("/admin", cookie)), getCurrentUser(page("/admin", cookie))]);
    expect(results).toEqual([null, null]);
    expect(await timeoutEvents(admin.id)).toHaveLength(before + 1);
  });

  test("activity within 30 minutes keeps the session and moves last_active_at forward", async () => {
    const { cookie, sessionId } = await signIn(admin.email);
    const backdated = await setLastActive(sessionId, ADMIN_IDLE_TIMEOUT_MS - 60_000);
    const requestedAt = Date.now();
    const user = await getCurrentUser(page("/admin", cookie));
    expect(user?.sessionId).toBe(sessionId);
    const after = await lastActive(sessionId);
    expect(after!.getTime()).toBeGreaterThan(backdated.getTime());
    // Moved to the time of the request (not merely a little forward).
    expect(after!.getTime()).toBeGreaterThanOrEqual(requestedAt);
  });

  test("last_active_at is written at most once a minute", async () => {
    const { cookie, sessionId } = await signIn(admin.email);
    const recent = await setLastActive(sessionId, 5_000);
    expect(await getCurrentUser(page("/admin", cookie))).not.toBeNull();
    expect((await lastActive(sessionId))!.getTime()).toBe(recent.getTime());

    const older = await setLastActive(sessionId, ACTIVITY_WRITE_INTERVAL_MS + 20_000);
    expect(await getCurrentUser(page("/admin", cookie))).not.toBeNull();
    expect((await lastActive(sessionId))!.getTime()).toBeGreaterThan(older.getTime());
  });

  test("a client session idle for an hour is kept (the general 8-hour rule applies)", async () => {
    const { cookie, sessionId } = await signIn(client.email);
    await setLastActive(sessionId, 60 * 60_000);
    const user = await getCurrentUser(page("/dashboard", cookie));
    expect(user?.email).toBe(client.email);
    expect(await timeoutEvents(client.id)).toHaveLength(0);
  });
});
