import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER, getAuth } from "~/platform/auth/auth.server";
import { getCurrentUser } from "~/platform/auth/session.server";
import { accounts, adminInvites, auditEvents, emailSends, userProfiles, userRoles } from "~/platform/db/schema";
import { createClient, createUser } from "~/platform/db/seed/factories.server";
import {
  acceptAdminInvite,
  acceptAdminInviteWithAccount,
  hashInviteToken,
  INVITE_LIFETIME_MS,
  inviteAdmin,
  listPendingInvites,
  lookUpInvite,
  revokeAdminInvite,
} from "~/features/admin/invites.server";
import { listUsers } from "~/features/admin/users.server";
import { action as usersAction } from "~/routes/admin/users";
import { verifyPassword } from "~/utils/password.server";
import { useAuthTestSetup } from "./auth-env";
import { deliveredOutbox } from "./emails";

const PASSWORD = "InvitePass123!";
const ctx = useAuthTestSetup();
let inviter: { id: string; name: string; email: string };

beforeAll(async () => {
  const user = await createUser(ctx.db, {
    roles: ["admin"],
    password: PASSWORD,
    firstName: "Irene",
    lastName: "Inviter",
  });
  inviter = { id: user.id, email: user.email, name: "Irene Inviter" };
});

let sequence = 0;
const newAddress = () => `invitee-${Date.now()}-${++sequence}@example.test`;

/** Invites `email` and returns the token from the emailed link. */
async function invite(email: string): Promise<string> {
  const result = await inviteAdmin({ email, actor: inviter });
  expect(result.ok).toBe(true);
  const message = (await deliveredOutbox()).find((entry) => entry.to === email.toLowerCase());
  const link = message?.text.match(/https?:\/\/\S+\/admin\/invite\?token=\S+/)?.[0];
  expect(link, "invite link in the email").toBeDefined();
  return new URL(link!).searchParams.get("token")!;
}

/** Lets the per-address email limit pass by moving earlier sends back in time. */
async function ageEmailSends(email: string) {
  await ctx.db
    .update(emailSends)
    .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
    .where(eq(emailSends.email, email.toLowerCase()));
}

async function eventsOf(type: string, userId: string) {
  return ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, type), eq(auditEvents.userId, userId)));
}

async function rolesOf(email: string) {
  const rows = await ctx.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .innerJoin(userProfiles, eq(userProfiles.id, userRoles.userId))
    .where(eq(userProfiles.email, email));
  return rows.map((row) => row.role).sort();
}

describe("inviting an administrator", () => {
  test("stores only the token's hash, expires in 72 hours, emails the link and records admin_invited", async () => {
    const email = newAddress();
    const before = (await eventsOf("admin_invited", inviter.id)).length;
    const token = await invite(email.toUpperCase());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await ctx.db.select().from(adminInvites).where(eq(adminInvites.email, email));
    expect(row?.tokenHash).toBe(hashInviteToken(token));
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.invitedBy).toBe(inviter.id);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + INVITE_LIFETIME_MS))).toBeLessThan(60_000);

    const message = (await deliveredOutbox()).find((entry) => entry.to === email)!;
    expect(message.subject).toBe("You are invited to administer Tendly");
    expect(message.text).toContain(`${ctx.env.appUrl}/admin/invite?token=${token}`);
    expect(message.text).toContain("Irene Inviter");

    expect(await eventsOf("admin_invited", inviter.id)).toHaveLength(before + 1);
    expect(await lookUpInvite(token)).toEqual({ status: "valid", email, account: null });
    expect((await listPendingInvites()).map((pending) => pending.email)).toContain(email);
  });

  test("the first administrator can be invited without an inviting admin (command line)", async () => {
    const email = newAddress();
    const result = await inviteAdmin({ email, actor: null });
    expect(result).toMatchObject({ ok: true, email, url: expect.stringContaining("/admin/invite?token=") });
    const message = (await deliveredOutbox()).find((entry) => entry.to === email)!;
    expect(message.text).toContain("The Tendly team invited you");
    expect(message.text).toContain((result as { url: string }).url);
    const [row] = await ctx.db.select().from(adminInvites).where(eq(adminInvites.email, email));
    expect(row?.invitedBy).toBeNull();
  });

  test("refuses an address that already belongs to an administrator", async () => {
    const admin = await createUser(ctx.db, { roles: ["admin"] });
    await expect(inviteAdmin({ email: admin.email, actor: inviter })).rejects.toMatchObject({
      code: "conflict",
      reason: "already-admin",
    });
  });

  test("a second invite to one address within a minute is refused by the email limit", async () => {
    const email = newAddress();
    await invite(email);
    const again: unknown = await inviteAdmin({ email, actor: inviter }).catch((error: unknown) => error);
    expect(again).toMatchObject({ code: "rate_limited", reason: "rate-limited" });
    expect((again as { retryAt: Date }).retryAt.getTime()).toBeGreaterThan(Date.now());
  });

  test("a re-invite replaces the pending invite: the old link stops working", async () => {
    const email = newAddress();
    const first = await invite(email);
    await ageEmailSends(email);
    const second = await invite(email);
    expect(await lookUpInvite(first)).toEqual({ status: "revoked" });
    expect(await lookUpInvite(second)).toMatchObject({ status: "valid" });
    expect((await listPendingInvites()).filter((pending) => pending.email === email)).toHaveLength(1);
  });

  test("a non-admin cannot invite: the action sends them home and creates nothing", async () => {
    const client = await createClient(ctx.db, { password: PASSWORD });
    const signIn = await getAuth().api.signInEmail({
      body: { email: client.email, password: PASSWORD },
      headers: new Headers({ [CLIENT_IP_HEADER]: "10.40.0.1" }),
      asResponse: true,
    });
    const cookie = signIn.headers.getSetCookie().find((value) => value.startsWith("better-auth.session_token="))!;
    const email = newAddress();
    const request = new Request(`${ctx.env.appUrl}/admin/users`, {
      method: "POST",
      headers: { cookie: cookie.split(";")[0]!, origin: ctx.env.appUrl },
      body: new URLSearchParams({ intent: "invite", email }),
    });
    const thrown = await usersAction({ request, params: {}, context: {} } as Parameters<typeof usersAction>[0]).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/dashboard");
    expect(await ctx.db.select().from(adminInvites).where(eq(adminInvites.email, email))).toHaveLength(0);
  });
});

describe("accepting an invitation", () => {
  test("creates a verified administrator who can sign in; the link is single use", async () => {
    const email = newAddress();
    const token = await invite(email);
    const result = await acceptAdminInvite({ token, firstName: "Nova", lastName: "Admin", password: PASSWORD });
    expect(result).toMatchObject({ ok: true, email });
    const userId = (result as { userId: string }).userId;

    const [user] = await ctx.db.select().from(userProfiles).where(eq(userProfiles.id, userId));
    expect(user).toMatchObject({ email, name: "Nova Admin", emailVerified: true, role: "admin" });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await rolesOf(email)).toEqual(["admin"]);
    const [credential] = await ctx.db.select().from(accounts).where(eq(accounts.userId, userId));
    expect(credential?.providerId).toBe("credential");
    expect(await verifyPassword({ hash: credential!.password!, password: PASSWORD })).toBe(true);

    const [row] = await ctx.db
      .select()
      .from(adminInvites)
      .where(eq(adminInvites.tokenHash, hashInviteToken(token)));
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    expect(row?.acceptedUserId).toBe(userId);
    expect(await eventsOf("admin_invite_accepted", userId)).toHaveLength(1);

    const signedIn = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
    const current = await getCurrentUser(new Request(`${ctx.env.appUrl}/admin`, { headers: { cookie } }));
    expect(current).toMatchObject({ email, name: "Nova Admin", roles: ["admin"] });

    expect(await lookUpInvite(token)).toEqual({ status: "used" });
    await expect(
      acceptAdminInvite({ token, firstName: "Nova", lastName: "Again", password: PASSWORD }),
    ).rejects.toMatchObject({ reason: "used" });
  });

  test("of two concurrent accepts of one link, exactly one wins", async () => {
    const email = newAddress();
    const token = await invite(email);
    const results = await Promise.allSettled([
      acceptAdminInvite({ token, firstName: "First", lastName: "Racer", password: PASSWORD }),
      acceptAdminInvite({ token, firstName: "Second", lastName: "Racer", password: PASSWORD }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled" && result.value.ok)).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { reason: "used" } });
    expect(await ctx.db.select().from(userProfiles).where(eq(userProfiles.email, email))).toHaveLength(1);
  });

  test("an expired invite cannot be accepted", async () => {
    const email = newAddress();
    const token = await invite(email);
    await ctx.db
      .update(adminInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvites.tokenHash, hashInviteToken(token)));
    expect(await lookUpInvite(token)).toEqual({ status: "expired" });
    await expect(
      acceptAdminInvite({ token, firstName: "Late", lastName: "Comer", password: PASSWORD }),
    ).rejects.toMatchObject({ reason: "expired" });
    expect(await ctx.db.select().from(userProfiles).where(eq(userProfiles.email, email))).toHaveLength(0);
  });

  test("a revoked invite cannot be accepted, and cannot be revoked twice", async () => {
    const email = newAddress();
    const token = await invite(email);
    const [row] = await ctx.db
      .select()
      .from(adminInvites)
      .where(eq(adminInvites.tokenHash, hashInviteToken(token)));
    await revokeAdminInvite({ inviteId: row!.id, actor: inviter });
    await expect(revokeAdminInvite({ inviteId: row!.id, actor: inviter })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await lookUpInvite(token)).toEqual({ status: "revoked" });
    await expect(
      acceptAdminInvite({ token, firstName: "Too", lastName: "Late", password: PASSWORD }),
    ).rejects.toMatchObject({ reason: "revoked" });
    expect(await eventsOf("admin_invite_revoked", inviter.id)).not.toHaveLength(0);
  });

  test("an unknown token is invalid", async () => {
    expect(await lookUpInvite("A".repeat(43))).toEqual({ status: "invalid" });
  });

  test("an existing client gains the admin role after proving the account's password", async () => {
    const client = await createClient(ctx.db, { password: PASSWORD });
    const token = await invite(client.email);
    expect(await lookUpInvite(token)).toEqual({ status: "valid", email: client.email, account: { isAdmin: false } });

    // A new account cannot be created over it.
    await expect(
      acceptAdminInvite({ token, firstName: "Dup", lastName: "Account", password: PASSWORD }),
    ).rejects.toMatchObject({ reason: "account-exists" });
    await expect(acceptAdminInviteWithAccount({ token, password: "not-the-password" })).rejects.toMatchObject({
      reason: "wrong-password",
    });
    expect(await rolesOf(client.email)).toEqual(["client"]);
    expect(await lookUpInvite(token)).toMatchObject({ status: "valid" });

    expect(await acceptAdminInviteWithAccount({ token, password: PASSWORD })).toEqual({
      ok: true,
      userId: client.id,
      email: client.email,
    });
    expect(await rolesOf(client.email)).toEqual(["admin", "client"]);
    expect(await eventsOf("user_role_promoted", client.id)).toHaveLength(1);
    expect(await eventsOf("admin_invite_accepted", client.id)).toHaveLength(1);
    expect(await lookUpInvite(token)).toEqual({ status: "used" });
  });
});

describe("the users list", () => {
  test("pages through users and finds them by email or name", async () => {
    const marker = `zz-search-${Date.now()}`;
    await createClient(ctx.db, { email: `${marker}-a@example.test`, firstName: "Quincy", lastName: "Searchable" });
    await createUser(ctx.db, { email: `${marker}-b@example.test`, firstName: "Rhea", lastName: "Findme" });

    const byEmail = await listUsers({ search: marker, page: 1, pageSize: 1 });
    expect(byEmail.total).toBe(2);
    expect(byEmail.pageCount).toBe(2);
    expect(byEmail.users).toHaveLength(1);
    const second = await listUsers({ search: marker, page: 2, pageSize: 1 });
    expect(second.users[0]?.email).not.toBe(byEmail.users[0]?.email);

    const byName = await listUsers({ search: "quincy search", page: 1, pageSize: 20 });
    expect(byName.users.map((user) => user.email)).toEqual([`${marker}-a@example.test`]);
    expect(byName.users[0]).toMatchObject({ name: "Quincy Searchable", roles: ["client"], emailVerified: true });

    // Pattern characters are literal.
    expect((await listUsers({ search: "%", page: 1, pageSize: 20 })).total).toBe(0);
  });
});
