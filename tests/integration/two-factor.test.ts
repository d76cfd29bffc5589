import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER, getAuth } from "~/platform/auth/auth.server";
import { getCurrentUser, requireRole } from "~/platform/auth/session.server";
import { auditEvents, twoFactors, userProfiles } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { TwoFactorFormSchema, type TwoFactorIntent } from "~/features/accounts/two-factor";
import { changeTwoFactor } from "~/features/accounts/two-factor.server";
import { settingsAction as postSettings } from "~/routes/client/settings.server";
import { setEnvForTesting } from "~/utils/env.server";
import type { Role } from "~/utils/roles";
import { totpCode } from "../support/totp";
import { useAuthTestSetup } from "./auth-env";

const PASSWORD = "TwoFactor123!";
const ctx = useAuthTestSetup();

afterAll(() => setEnvForTesting(undefined));

let addressCounter = 0;
// better-auth's answer to a password sign-in, as the sign-in pages' action gets it.
function signInResponse(email: string, password = PASSWORD) {
  addressCounter += 1;
  return getAuth().api.signInEmail({
    body: { email, password },
    headers: new Headers({ [CLIENT_IP_HEADER]: `10.50.0.${addressCounter}` }),
    asResponse: true,
  });
}

function sessionCookie(setCookies: string[]): string {
  const cookie = setCookies.find((value) => value.startsWith("better-auth.session_token="));
  expect(cookie, "a session cookie").toBeDefined();
  return cookie!.split(";")[0]!;
}

async function signIn(email: string): Promise<string> {
  const response = await signInResponse(email);
  expect(response.status).toBe(200);
  return sessionCookie(response.headers.getSetCookie());
}

function settingsPost(cookie: string, body?: FormData) {
  return new Request(`${ctx.env.appUrl}/admin/settings`, {
    method: "POST",
    headers: { cookie, origin: ctx.env.appUrl, [CLIENT_IP_HEADER]: "10.50.1.1" },
    body,
  });
}

/** The feature, given a form as the settings page's schema reads it. */
async function change(cookie: string, userId: string, intent: TwoFactorIntent, fields: Record<string, string>) {
  const parsed = TwoFactorFormSchema.parse({ intent, ...fields });
  return changeTwoFactor({ request: settingsPost(cookie), userId, change: parsed });
}

/** The settings page's action, as the browser posts to it: a refusal is its answer. */
async function settingsAction(
  cookie: string,
  intent: TwoFactorIntent,
  fields: Record<string, string>,
  roles: Role[] = ["admin"],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("intent", intent);
  return postSettings(settingsPost(cookie, form), roles);
}

async function twoFactorFlag(userId: string) {
  const [row] = await ctx.db
    .select({ enabled: userProfiles.twoFactorEnabled })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row?.enabled;
}

async function events(type: string, userId: string) {
  return ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, type), eq(auditEvents.userId, userId)));
}

describe("two-factor authentication (TOTP)", () => {
  test("enable with the password, confirm with a code, then sign-in asks for the code; disable with the password", async () => {
    const user = await createUser(ctx.db, { roles: ["admin"], password: PASSWORD });
    let cookie = await signIn(user.email);

    await expect(change(cookie, user.id, "2fa-start", { password: "not-the-password" })).rejects.toMatchObject({
      code: "invalid",
      field: "password",
      message: "account:twoFactor.errors.wrongPassword",
    });

    const started = await change(cookie, user.id, "2fa-start", { password: PASSWORD });
    expect(started.result.ok).toBe(true);
    const setup = (started.result as Extract<typeof started.result, { intent: "2fa-start"; ok: true }>).setup;
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/Tendly:/);
    expect(setup.secret).toMatch(/^[A-Z2-7]+$/);
    expect(setup.qrSvg).toContain("<svg");
    expect(setup.backupCodes).toHaveLength(10);
    // Not on until a code confirms it.
    expect(await twoFactorFlag(user.id)).toBe(false);

    const otherCode = String((Number(totpCode(setup.secret)) + 1) % 1_000_000).padStart(6, "0");
    const wrongCode = await settingsAction(cookie, "2fa-verify", {
      code: otherCode,
      totpURI: setup.totpURI,
      backupCodes: setup.backupCodes.join(" "),
    });
    expect(wrongCode.init?.status).toBe(400);
    expect(wrongCode.data).toMatchObject({ ok: false, result: { error: { code: [expect.any(String)] } } });
    // The code typed is not sent back.
    expect(JSON.stringify(wrongCode.data)).not.toContain(otherCode);
    // The form can be tried again: the setup comes back with the error.
    expect(wrongCode.data).toMatchObject({ setup: { secret: setup.secret } });
    expect(await twoFactorFlag(user.id)).toBe(false);

    const confirmed = await change(cookie, user.id, "2fa-verify", {
      code: totpCode(setup.totpURI),
      totpURI: setup.totpURI,
      backupCodes: setup.backupCodes.join(" "),
    });
    expect(confirmed.result).toEqual({ intent: "2fa-verify", ok: true, backupCodes: setup.backupCodes });
    expect(await twoFactorFlag(user.id)).toBe(true);
    expect(await events("two_factor_enabled", user.id)).toHaveLength(1);
    // The session was replaced: the new cookie carries on, with 2FA on.
    cookie = sessionCookie(confirmed.setCookies);
    const current = await getCurrentUser(new Request(`${ctx.env.appUrl}/admin/settings`, { headers: { cookie } }));
    expect(current).toMatchObject({ id: user.id, twoFactorEnabled: true });

    // Signing in with the password alone no longer gives a session.
    const passwordOnly = await signInResponse(user.email);
    expect(passwordOnly.status).toBe(200);
    expect(await passwordOnly.json()).toMatchObject({ twoFactorRedirect: true });
    expect(passwordOnly.headers.getSetCookie().some((value) => /^better-auth.session_token=[^;]+/.test(value))).toBe(
      false,
    );

    await expect(change(cookie, user.id, "2fa-disable", { password: "wrong-password" })).rejects.toMatchObject({
      code: "invalid",
      field: "password",
    });
    expect(await twoFactorFlag(user.id)).toBe(true);

    const disabled = await change(cookie, user.id, "2fa-disable", { password: PASSWORD });
    expect(disabled.result).toEqual({ intent: "2fa-disable", ok: true });
    expect(await twoFactorFlag(user.id)).toBe(false);
    expect(await ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(0);
    expect(await events("two_factor_disabled", user.id)).toHaveLength(1);
    expect(await signInResponse(user.email).then((response) => response.json())).not.toHaveProperty(
      "twoFactorRedirect",
    );
  });

  test("a malformed code is refused before reaching the authenticator check", async () => {
    const user = await createUser(ctx.db, { roles: ["client"], password: PASSWORD });
    const cookie = await signIn(user.email);
    const malformed = await settingsAction(cookie, "2fa-verify", { code: "12ab" }, ["client"]);
    expect(malformed.init?.status).toBe(400);
    expect(malformed.data).toMatchObject({
      ok: false,
      result: { error: { code: ["validation:account.twoFactorCodeInvalid"] } },
    });
    expect(await events("two_factor_enabled", user.id)).toHaveLength(0);
  });
});

describe("ADMIN_REQUIRE_2FA", () => {
  test("when on, an admin without two-factor can open only /admin/settings", async () => {
    const admin = await createUser(ctx.db, { roles: ["admin", "client"], password: PASSWORD });
    const cookie = await signIn(admin.email);
    const at = (path: string) => new Request(`${ctx.env.appUrl}${path}`, { headers: { cookie } });
    const outcome = (path: string, roles: ("admin" | "client")[]) =>
      requireRole(at(path), roles).then(
        () => "allowed",
        (error: Response) => error.headers.get("Location"),
      );

    // Off by default.
    expect(await outcome("/admin/users", ["admin"])).toBe("allowed");

    setEnvForTesting({ ...ctx.env, ADMIN_REQUIRE_2FA: true });
    try {
      expect(await outcome("/admin/users", ["admin"])).toBe("/admin/settings?required=2fa");
      expect(await outcome("/admin/users.data", ["admin"])).toBe("/admin/settings?required=2fa");
      expect(await outcome("/admin", ["admin"])).toBe("/admin/settings?required=2fa");
      expect(await outcome("/admin/settings", ["admin"])).toBe("allowed");
      // Their client area is not the admin area.
      expect(await outcome("/dashboard", ["client"])).toBe("allowed");

      await ctx.db.update(userProfiles).set({ twoFactorEnabled: true }).where(eq(userProfiles.id, admin.id));
      expect(await outcome("/admin/users", ["admin"])).toBe("allowed");
    } finally {
      setEnvForTesting(ctx.env);
    }
  });
});
