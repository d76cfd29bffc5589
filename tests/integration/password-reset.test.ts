import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { getAuth } from "~/platform/auth/auth.server";
import { getCurrentUser } from "~/platform/auth/session.server";
import { auditEvents, emailSends, jobs, sessions } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { EMAIL_LIMITS } from "~/features/accounts/email-limits.server";
import {
  PASSWORD_RESET_REQUEST_JOB,
  requestPasswordReset,
  resetPassword,
} from "~/features/accounts/password-reset.server";
import { action as resetPasswordAction } from "~/routes/auth/reset-password";
import { appRequest, formRequest, settle, signInCookie } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { deliverQueuedEmails, deliveredOutbox } from "./emails";

const setup = useAuthTestSetup();

const PASSWORD = "Original-Pass-1";

async function resetEmailsTo(email: string) {
  return (await deliveredOutbox()).filter(
    (entry) => entry.to === email && entry.subject === "Reset your Tendly password",
  );
}

/** The link of the latest reset email to `email`. */
async function resetLink(email: string): Promise<URL> {
  const [latest] = await resetEmailsTo(email);
  const link = latest?.text.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
  expect(link, `a reset link for ${email}`).toBeDefined();
  return new URL(link!);
}

/** Follows the emailed link as a browser would: better-auth redirects to our page. */
async function followResetLink(link: URL): Promise<URL> {
  const response = await getAuth().handler(appRequest(`${link.pathname}${link.search}`));
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

async function eventsOf(type: string) {
  return setup.db.select().from(auditEvents).where(eq(auditEvents.eventType, type));
}

describe("requesting a reset link", () => {
  test("emails a link that leads to /reset-password with a token and writes the event", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    const result = await requestPasswordReset({ email: user.email, request: formRequest("/forgot-password", {}) });
    expect(result).toEqual({ status: "sent" });

    const link = await resetLink(user.email);
    expect(link.origin).toBe(setup.env.appUrl);
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[\w-]+$/);
    expect(link.searchParams.get("callbackURL")).toBe("/reset-password");
    const target = await followResetLink(link);
    expect(target.origin + target.pathname).toBe(`${setup.env.appUrl}/reset-password`);
    expect(target.searchParams.get("token")).toBe(link.pathname.split("/").at(-1));

    const events = (await eventsOf("password_reset_requested")).filter((event) => event.userId === user.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.ipAddress).toMatch(/^10\.77\./);
  });

  test("an unknown address gets the same answer, no email, and an event without a user", async () => {
    const email = `nobody-${Date.now()}@example.test`;
    const result = await requestPasswordReset({ email, request: formRequest("/forgot-password", {}) });
    expect(result).toEqual({ status: "sent" });
    expect(await resetEmailsTo(email)).toEqual([]);
    const events = await eventsOf("password_reset_requested");
    expect(events.find((event) => event.metadata.email === email)).toMatchObject({ userId: null });
  });

  test("a second request within a minute is refused with the time of the next allowed one, for any address", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    const unknown = `nobody-else-${Date.now()}@example.test`;
    for (const email of [user.email, unknown]) {
      const before = Date.now();
      expect(await requestPasswordReset({ email, request: formRequest("/forgot-password", {}) })).toEqual({
        status: "sent",
      });
      const second = await requestPasswordReset({ email, request: formRequest("/forgot-password", {}) });
      expect(second.status).toBe("limited");
      const retryAt = second.status === "limited" ? second.retryAt.getTime() : 0;
      expect(retryAt).toBeGreaterThanOrEqual(before + EMAIL_LIMITS.minIntervalMs - 1000);
      expect(retryAt).toBeLessThanOrEqual(Date.now() + EMAIL_LIMITS.minIntervalMs);
    }
    expect(await resetEmailsTo(user.email)).toHaveLength(1);
    const sends = await setup.db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.email, user.email), eq(emailSends.kind, "password-reset")));
    expect(sends).toHaveLength(1);
  });

  test("the request does the same work for an existing and an unknown address, and never looks the account up", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    const unknown = `nobody-timed-${Date.now()}@example.test`;
    const queriesFor = async (email: string) => {
      const query = vi.spyOn(setup.db.$client, "query");
      try {
        expect(await requestPasswordReset({ email, request: formRequest("/forgot-password", {}) })).toEqual({
          status: "sent",
        });
        return query.mock.calls.map(([statement]) =>
          typeof statement === "string" ? statement : (statement as { text: string }).text,
        );
      } finally {
        query.mockRestore();
      }
    };
    const forUser = await queriesFor(user.email);
    const forUnknown = await queriesFor(unknown);
    expect(forUser.length).toBeGreaterThan(0);
    expect(forUnknown).toEqual(forUser);
    for (const statement of forUser) expect(statement).not.toMatch(/user_profiles|"accounts"|verifications/);
  });

  test("the queued job emails an existing account's address and nobody for an unknown one", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    const unknown = `nobody-queued-${Date.now()}@example.test`;
    for (const email of [user.email, unknown]) {
      await requestPasswordReset({ email, request: formRequest("/forgot-password", {}) });
    }
    const queued = await setup.db.select().from(jobs).where(eq(jobs.name, PASSWORD_RESET_REQUEST_JOB));
    expect(queued.filter((job) => job.doneAt === null).map((job) => job.payload.email)).toEqual(
      expect.arrayContaining([user.email, unknown]),
    );
    const events = async () =>
      (await eventsOf("password_reset_requested")).filter(
        (event) => event.userId === user.id || event.metadata.email === unknown,
      );
    expect(await events()).toEqual([]);

    await deliverQueuedEmails();
    expect(await resetEmailsTo(user.email)).toHaveLength(1);
    expect((await deliveredOutbox()).filter((entry) => entry.to === unknown)).toEqual([]);
    expect(await events()).toHaveLength(2);
  });

  test("the auth API's own reset and email-change endpoints are closed: every request goes through the limits", async () => {
    for (const path of ["/api/auth/request-password-reset", "/api/auth/reset-password", "/api/auth/change-email"]) {
      const response = await getAuth().handler(
        appRequest(path, {
          method: "POST",
          body: JSON.stringify({
            email: "client@demo.tendly.test",
            newPassword: "x",
            token: "y",
            newEmail: "a@b.test",
          }),
          headers: { "content-type": "application/json" },
        }),
      );
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  test("an unknown or expired token in the link leads to /reset-password?error=INVALID_TOKEN", async () => {
    const target = await followResetLink(
      new URL(`${setup.env.appUrl}/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password`),
    );
    expect(target.pathname).toBe("/reset-password");
    expect(target.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(target.searchParams.has("token")).toBe(false);
  });
});

describe("setting a new password with the token", () => {
  test("changes the password, ends every session of the account and writes password_changed", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    const laptop = await signInCookie(user.email, PASSWORD);
    const phone = await signInCookie(user.email, PASSWORD);
    expect(await getCurrentUser(appRequest("/dashboard", { cookie: laptop }))).not.toBeNull();

    await requestPasswordReset({ email: user.email, request: formRequest("/forgot-password", {}) });
    const token = (await followResetLink(await resetLink(user.email))).searchParams.get("token")!;
    const result = await resetPassword({
      token,
      newPassword: "Brand-New-Pass-2",
      request: formRequest("/reset-password", {}),
    });
    expect(result).toEqual({ status: "updated" });

    expect(await setup.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await getCurrentUser(appRequest("/dashboard", { cookie: laptop }))).toBeNull();
    expect(await getCurrentUser(appRequest("/dashboard", { cookie: phone }))).toBeNull();

    await expect(getAuth().api.signInEmail({ body: { email: user.email, password: PASSWORD } })).rejects.toThrow(
      /invalid email or password/i,
    );
    const signedIn = await getAuth().api.signInEmail({ body: { email: user.email, password: "Brand-New-Pass-2" } });
    expect(signedIn.user.id).toBe(user.id);

    const events = (await eventsOf("password_changed")).filter((event) => event.userId === user.id);
    expect(events).toHaveLength(1);
  });

  test("a token works once", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    await requestPasswordReset({ email: user.email, request: formRequest("/forgot-password", {}) });
    const token = (await followResetLink(await resetLink(user.email))).searchParams.get("token")!;
    const request = formRequest("/reset-password", {});
    expect(await resetPassword({ token, newPassword: "First-New-Pass-3", request })).toEqual({ status: "updated" });
    expect(await resetPassword({ token, newPassword: "Second-New-Pass-4", request })).toEqual({
      status: "invalid-token",
    });
    expect(await resetPassword({ token: "made-up", newPassword: "Second-New-Pass-4", request })).toEqual({
      status: "invalid-token",
    });
  });

  test("the page's action checks the schema, then sends the person to /login with the toast", async () => {
    const user = await createClient(setup.db, { password: PASSWORD });
    await requestPasswordReset({ email: user.email, request: formRequest("/forgot-password", {}) });
    const token = (await followResetLink(await resetLink(user.email))).searchParams.get("token")!;
    const run = (fields: Record<string, string>) =>
      settle(
        resetPasswordAction({
          request: formRequest("/reset-password", { token, ...fields }),
          params: {},
          context: undefined as never,
        } as unknown as Parameters<typeof resetPasswordAction>[0]),
      );

    const mismatch = (await run({ password: "Matching-Pass-5", confirmPassword: "Matching-Pass-6" })) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(mismatch.init.status).toBe(400);
    expect(mismatch.data).toMatchObject({ status: "invalid", result: { status: "error" } });
    const { result } = mismatch.data as { result: { error: unknown; initialValue: unknown } };
    expect(result.error).toEqual({ confirmPassword: ["validation:passwordsDontMatch"] });
    // The passwords are never sent back.
    expect(result.initialValue).toEqual({ token });
    const short = (await run({ password: "short", confirmPassword: "short" })) as { data: unknown };
    expect(short.data).toMatchObject({ result: { error: { password: ["validation:passwordTooShort"] } } });

    const done = (await run({ password: "Matching-Pass-5", confirmPassword: "Matching-Pass-5" })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login");
    const toast = decodeURIComponent(done.headers.get("set-cookie") ?? "");
    expect(toast).toContain('"title":"Password updated"');
    expect(toast).toContain('"description":"Your password has been successfully updated."');

    const reused = (await run({ password: "Another-Pass-7", confirmPassword: "Another-Pass-7" })) as { data: unknown };
    expect(reused.data).toEqual({ status: "invalid-token" });
  });
});
