import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER, getAuth } from "~/platform/auth/auth.server";
import { getCurrentUser } from "~/platform/auth/session.server";
import { auditEvents, signInAttempts } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "~/platform/db/seed/seed.server";
import type { SignInActionData, SignInPage } from "~/features/accounts/sign-in";
import { demoAccountsFor } from "~/features/accounts/demo.server";
import { signIn, verifySignInCode, type SignInOutcome } from "~/features/accounts/sign-in.server";
import { DEVICE_COOKIE } from "~/features/accounts/trusted-device.server";
import { signInPageAction } from "~/routes/auth/login-desktop.server";
import { totpCode } from "../support/totp";
import { useTestEnv } from "./env";
import { useAuthTestSetup } from "./auth-env";

const [CLIENT, CAREGIVER, ADMIN] = DEMO_ACCOUNTS;
const PASSWORD = "Right-Horse-42";
const MINUTE = 60_000;

const setup = useAuthTestSetup();
beforeAll(() => seedDemoData(setup.db));

// A browser: its client address (as our host sets it) and its cookie jar.
type Browser = { address: string; cookies: Map<string, string> };
let addressCounter = 0;
function newBrowser(address?: string): Browser {
  addressCounter += 1;
  return {
    address: address ?? `10.40.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`,
    cookies: new Map(),
  };
}

function keepCookies(browser: Browser, setCookies: string[]) {
  for (const setCookie of setCookies) {
    const [pair = ""] = setCookie.split(";");
    const index = pair.indexOf("=");
    const name = pair.slice(0, index);
    const value = pair.slice(index + 1);
    if (/max-age=0\b/i.test(setCookie) || value === "") browser.cookies.delete(name);
    else browser.cookies.set(name, value);
  }
}

function requestFrom(browser: Browser, path = "/login/desktop", init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set(CLIENT_IP_HEADER, browser.address);
  headers.set("origin", setup.env.appUrl);
  headers.set("user-agent", "integration-test");
  if (browser.cookies.size > 0) {
    headers.set("cookie", [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
  }
  return new Request(`${setup.env.appUrl}${path}`, { ...init, headers });
}

async function signInAs(
  browser: Browser,
  email: string,
  password: string,
  options: { page?: SignInPage; now?: Date } = {},
) {
  const outcome = await signIn({
    request: requestFrom(browser),
    page: options.page ?? "desktop",
    email,
    password,
    now: options.now,
  });
  keepCookies(browser, outcome.cookies);
  return outcome;
}

const failureOf = (outcome: SignInOutcome) => (outcome.status === "failed" ? outcome.reason : outcome.status);

async function eventsOf(type: string, filter: { userId?: string; email?: string } = {}) {
  const rows = await setup.db.select().from(auditEvents).where(eq(auditEvents.eventType, type));
  return rows.filter(
    (row) =>
      (filter.userId === undefined || row.userId === filter.userId) &&
      (filter.email === undefined || row.metadata.email === filter.email),
  );
}

/**
 * Failed attempts written straight into the log, one second apart from
 * `minutesAgo` (or the given time): the rows a wrong password leaves (the
 * tests below show that), without hashing a password for each.
 */
async function recordedFailures(input: {
  email: string | ((index: number) => string);
  address?: string | null;
  deviceId?: string | null;
  minutesAgo?: number;
  from?: Date;
  count?: number;
}) {
  const from = input.from ?? new Date(Date.now() - (input.minutesAgo ?? 0) * MINUTE - 10_000);
  await setup.db.insert(signInAttempts).values(
    Array.from({ length: input.count ?? 5 }, (_, index) => ({
      email: typeof input.email === "function" ? input.email(index) : input.email,
      ipAddress: input.address === undefined ? newBrowser().address : input.address,
      deviceId: input.deviceId ?? null,
      succeeded: false,
      createdAt: new Date(from.getTime() + index * 1000),
    })),
  );
}

const deviceIdOf = (browser: Browser) => browser.cookies.get(DEVICE_COOKIE)!.split(".")[0]!;

describe("signing in with email and password", () => {
  test("the right password signs in: session and trusted-device cookies, the attempt and the event", async () => {
    const browser = newBrowser();
    const outcome = await signInAs(browser, CLIENT.email.toUpperCase(), DEMO_PASSWORD);
    expect(outcome.status).toBe("signed-in");
    if (outcome.status !== "signed-in") return;
    expect(outcome.user).toMatchObject({ email: CLIENT.email, roles: ["client"] });

    const device = outcome.cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/SameSite=Lax/);
    expect(device).toMatch(/Max-Age=31536000/);
    const user = await getCurrentUser(requestFrom(browser, "/dashboard"));
    expect(user?.email).toBe(CLIENT.email);

    const [attempt] = await setup.db
      .select()
      .from(signInAttempts)
      .where(and(eq(signInAttempts.email, CLIENT.email), eq(signInAttempts.ipAddress, browser.address)));
    expect(attempt).toMatchObject({ succeeded: true, deviceId: expect.any(String) });
    const [event] = await eventsOf("successful_login", { userId: outcome.user.id });
    expect(event).toMatchObject({ ipAddress: browser.address, userAgent: "integration-test" });
    expect(event?.metadata).toMatchObject({ email: CLIENT.email, page: "desktop", twoFactor: false });
    expect(JSON.stringify(event)).not.toContain(DEMO_PASSWORD);
  });

  test("a wrong password is refused as invalid, counted, and logged without the password", async () => {
    const browser = newBrowser();
    const outcome = await signInAs(browser, CAREGIVER.email, "Wrong-Password-1");
    expect(failureOf(outcome)).toBe("invalid");
    expect(browser.cookies.has("better-auth.session_token")).toBe(false);
    const attempts = await setup.db.select().from(signInAttempts).where(eq(signInAttempts.ipAddress, browser.address));
    expect(attempts).toMatchObject([{ email: CAREGIVER.email, succeeded: false, deviceId: null }]);
    const events = await eventsOf("failed_login_attempt", { email: CAREGIVER.email });
    expect(events.at(-1)?.metadata).toMatchObject({ reason: "invalid", email: CAREGIVER.email });
    expect(JSON.stringify(events)).not.toContain("Wrong-Password-1");
  });

  test("an unknown address gets the same answer as a wrong password", async () => {
    expect(failureOf(await signInAs(newBrowser(), "nobody@example.test", PASSWORD))).toBe("invalid");
  });

  test("an account whose email is not verified is refused as unverified", async () => {
    const user = await createUser(setup.db, { password: PASSWORD, emailVerified: false });
    expect(failureOf(await signInAs(newBrowser(), user.email, PASSWORD))).toBe("unverified");
  });
});

describe("lockout (5 failures in 15 minutes lock for 15 minutes)", () => {
  test("a fifth failure from one address locks that address, for every account, and not other addresses", async () => {
    const attacker = newBrowser();
    await recordedFailures({ email: (index) => `guess-${index}@example.test`, address: attacker.address, count: 4 });
    expect(failureOf(await signInAs(attacker, "guess-4@example.test", PASSWORD))).toBe("invalid");
    expect(failureOf(await signInAs(attacker, CLIENT.email, DEMO_PASSWORD))).toBe("too-many");
    const [locked] = await eventsOf("account_locked", { email: "guess-4@example.test" });
    expect(locked?.metadata).toMatchObject({ scope: "address" });
    expect(locked?.ipAddress).toBe(attacker.address);
    expect((await signInAs(newBrowser(), CLIENT.email, DEMO_PASSWORD)).status).toBe("signed-in");
  });

  test("a fifth failure for one account, from anywhere, locks it for browsers it does not know", async () => {
    const user = await createUser(setup.db, { password: PASSWORD });
    await recordedFailures({ email: user.email, count: 4 });
    expect(failureOf(await signInAs(newBrowser(), user.email, "wrong-5"))).toBe("invalid");
    expect(failureOf(await signInAs(newBrowser(), user.email, PASSWORD))).toBe("too-many");
    const locks = await eventsOf("account_locked", { userId: user.id });
    expect(locks.map((event) => event.metadata.scope)).toEqual(["account"]);
    // Refused attempts are logged but never reach the password check or the count.
    const refused = await eventsOf("failed_login_attempt", { userId: user.id });
    expect(refused.at(-1)?.metadata).toMatchObject({ reason: "locked" });
    const attempts = await setup.db.select().from(signInAttempts).where(eq(signInAttempts.email, user.email));
    expect(attempts).toHaveLength(5);
  });

  test("a browser that signed in before is not locked out by an attacker's failures", async () => {
    const user = await createUser(setup.db, { password: PASSWORD });
    const owner = newBrowser();
    expect((await signInAs(owner, user.email, PASSWORD)).status).toBe("signed-in");
    owner.cookies.delete("better-auth.session_token");

    await recordedFailures({ email: user.email, count: 6 });
    expect(failureOf(await signInAs(newBrowser(), user.email, PASSWORD))).toBe("too-many");
    expect((await signInAs(owner, user.email, PASSWORD)).status).toBe("signed-in");
  });

  test("a trusted browser has its own count of five", async () => {
    const user = await createUser(setup.db, { password: PASSWORD });
    const owner = newBrowser();
    expect((await signInAs(owner, user.email, PASSWORD)).status).toBe("signed-in");
    owner.cookies.delete("better-auth.session_token");
    // Its failures count for it (from other networks, so that no address lock plays a part) ...
    await recordedFailures({ email: user.email, deviceId: deviceIdOf(owner), count: 4 });
    owner.address = newBrowser().address;
    expect(failureOf(await signInAs(owner, user.email, "typo-5"))).toBe("invalid");
    owner.address = newBrowser().address;
    expect(failureOf(await signInAs(owner, user.email, PASSWORD))).toBe("too-many");
    expect((await eventsOf("account_locked", { userId: user.id })).map((event) => event.metadata.scope)).toEqual([
      "device",
    ]);
    // ... and not against the account as other browsers see it.
    expect((await signInAs(newBrowser(), user.email, PASSWORD)).status).toBe("signed-in");
  });

  test("a forged or foreign device cookie vouches for nothing", async () => {
    const user = await createUser(setup.db, { password: PASSWORD });
    const other = newBrowser();
    expect((await signInAs(other, CAREGIVER.email, DEMO_PASSWORD)).status).toBe("signed-in");
    other.cookies.delete("better-auth.session_token");
    await recordedFailures({ email: user.email });
    // A device cookie earned on another account does not exempt this one.
    expect(failureOf(await signInAs(other, user.email, PASSWORD))).toBe("too-many");
    const forged = newBrowser();
    forged.cookies.set(DEVICE_COOKIE, `${deviceIdOf(other)}.${user.id}.${"A".repeat(43)}`);
    expect(failureOf(await signInAs(forged, user.email, PASSWORD))).toBe("too-many");
  });

  test("the lock ends 15 minutes after the fifth failure", async () => {
    const user = await createUser(setup.db, { password: PASSWORD });
    const address = newBrowser().address;
    await recordedFailures({ email: user.email, address, minutesAgo: 14 });
    expect(failureOf(await signInAs(newBrowser(), user.email, PASSWORD))).toBe("too-many");
    expect(failureOf(await signInAs(newBrowser(address), CLIENT.email, DEMO_PASSWORD))).toBe("too-many");

    const later = await createUser(setup.db, { password: PASSWORD });
    const otherAddress = newBrowser().address;
    await recordedFailures({ email: later.email, address: otherAddress, minutesAgo: 16 });
    expect((await signInAs(newBrowser(), later.email, PASSWORD)).status).toBe("signed-in");
    expect((await signInAs(newBrowser(otherAddress), CLIENT.email, DEMO_PASSWORD)).status).toBe("signed-in");
  });

  test("the clock can be injected: a failure recorded at one time locks until 15 minutes later", async () => {
    const user = await createUser(setup.db, { password: PASSWORD });
    const start = new Date(Date.now() - 40 * MINUTE);
    await recordedFailures({ email: user.email, from: start, count: 4 });
    const fifth = await signInAs(newBrowser(), user.email, "wrong-5", { now: new Date(start.getTime() + 4 * MINUTE) });
    expect(failureOf(fifth)).toBe("invalid");
    const locked = await signInAs(newBrowser(), user.email, PASSWORD, { now: new Date(start.getTime() + 18 * MINUTE) });
    expect(failureOf(locked)).toBe("too-many");
    const free = await signInAs(newBrowser(), user.email, PASSWORD, { now: new Date(start.getTime() + 19 * MINUTE) });
    expect(free.status).toBe("signed-in");
  });
});

describe("administrators", () => {
  test("an admin sign-in writes admin_login; a third admin session within 60 s is flagged, not blocked", async () => {
    const admin = await createUser(setup.db, { password: PASSWORD, roles: ["admin"] });
    for (let index = 0; index < 2; index += 1) {
      expect((await signInAs(newBrowser(), admin.email, PASSWORD, { page: "admin" })).status).toBe("signed-in");
    }
    expect(await eventsOf("admin_login", { userId: admin.id })).toHaveLength(2);
    expect(await eventsOf("admin_concurrent_sessions_exceeded", { userId: admin.id })).toHaveLength(0);

    expect((await signInAs(newBrowser(), admin.email, PASSWORD, { page: "admin" })).status).toBe("signed-in");
    const [exceeded] = await eventsOf("admin_concurrent_sessions_exceeded", { userId: admin.id });
    expect(exceeded).toMatchObject({ severity: "high", category: "admin" });
    expect(exceeded?.metadata).toMatchObject({ sessionsWithinWindow: 3, windowSeconds: 60, max: 2 });
  });

  test("a client's sign-in writes no admin event", async () => {
    const client = await createUser(setup.db, { password: PASSWORD });
    await signInAs(newBrowser(), client.email, PASSWORD, { page: "admin" });
    expect(await eventsOf("admin_login", { userId: client.id })).toHaveLength(0);
  });
});

async function userWithTwoFactor() {
  const user = await createUser(setup.db, { password: PASSWORD });
  const browser = newBrowser();
  expect((await signInAs(browser, user.email, PASSWORD)).status).toBe("signed-in");
  const headers = requestFrom(browser).headers;
  const enabled = await getAuth().api.enableTwoFactor({ body: { password: PASSWORD, method: "totp" }, headers });
  if (enabled.method !== "totp") throw new Error("TOTP was not enabled");
  const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
  // Enrolment finishes with a first code.
  await getAuth().api.verifyTOTP({ body: { code: totpCode(secret) }, headers });
  return { user, secret, backupCodes: enabled.backupCodes };
}

describe("two-factor sign-in", () => {
  test("the password step asks for the code; a wrong code is refused; the right one signs in", async () => {
    const { user, secret } = await userWithTwoFactor();
    const browser = newBrowser();
    const first = await signInAs(browser, user.email, PASSWORD);
    expect(first.status).toBe("two-factor");
    expect(browser.cookies.has("better-auth.session_token")).toBe(false);
    expect(browser.cookies.has("better-auth.two_factor")).toBe(true);

    const valid = new Set([-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * 30_000)));
    const wrong = ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
    const refused = await verifySignInCode({
      request: requestFrom(browser),
      page: "desktop",
      email: user.email,
      code: wrong,
    });
    expect(failureOf(refused)).toBe("two-factor-invalid");
    expect((await eventsOf("failed_login_attempt", { userId: user.id })).at(-1)?.metadata).toMatchObject({
      reason: "two-factor-invalid",
    });

    const accepted = await verifySignInCode({
      request: requestFrom(browser),
      page: "desktop",
      email: user.email,
      code: totpCode(secret),
    });
    expect(accepted.status).toBe("signed-in");
    keepCookies(browser, accepted.cookies);
    expect((await getCurrentUser(requestFrom(browser, "/dashboard")))?.id).toBe(user.id);
    expect((await eventsOf("successful_login", { userId: user.id })).at(-1)?.metadata).toMatchObject({
      twoFactor: true,
    });
  });

  test("a backup code also finishes the sign-in; without the first step's cookie the code is refused", async () => {
    const { user, backupCodes } = await userWithTwoFactor();
    const stranger = newBrowser();
    const early = await verifySignInCode({
      request: requestFrom(stranger),
      page: "desktop",
      email: user.email,
      code: backupCodes[0]!,
    });
    expect(failureOf(early)).toBe("two-factor-expired");

    const browser = newBrowser();
    expect((await signInAs(browser, user.email, PASSWORD)).status).toBe("two-factor");
    const outcome = await verifySignInCode({
      request: requestFrom(browser),
      page: "desktop",
      email: user.email,
      code: backupCodes[0]!,
    });
    expect(outcome.status).toBe("signed-in");
  });
});

async function post(page: SignInPage, path: string, fields: Record<string, string>, browser = newBrowser()) {
  const request = requestFrom(browser, path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return signInPageAction(request, page);
}
const asData = (result: unknown) =>
  result as { data: SignInActionData; init: { status?: number; headers?: HeadersInit } | null };

async function locationAfter(page: SignInPage, path: string, email: string) {
  const response = (await post(page, path, { email, password: DEMO_PASSWORD })) as Response;
  return response.headers.get("Location");
}

describe("the sign-in pages' action", () => {
  test("demo accounts need a password of at least 6 characters; nothing is attempted", async () => {
    const browser = newBrowser();
    const result = asData(await post("desktop", "/login/desktop", { email: CLIENT.email, password: "12345" }, browser));
    expect(result.init?.status).toBe(400);
    expect(result.data.result?.error).toEqual({ password: ["validation:demoPasswordTooShort"] });
    expect(result.data.result?.initialValue).not.toHaveProperty("password");
    const attempts = await setup.db.select().from(signInAttempts).where(eq(signInAttempts.ipAddress, browser.address));
    expect(attempts).toHaveLength(0);
  });

  test("a successful sign-in redirects, replacing history, with the toast and the cookies", async () => {
    const response = (await post("desktop", "/login/desktop", {
      email: CAREGIVER.email,
      password: DEMO_PASSWORD,
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/caregiver");
    expect(response.headers.get("X-Remix-Replace")).toBe("true");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("better-auth.session_token="))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))).toBe(true);
    const toast = cookies.find((cookie) => cookie.startsWith("tendly-toast="))!;
    expect(JSON.parse(decodeURIComponent(toast.split(";")[0]!.split("=")[1]!))).toEqual({
      type: "success",
      title: "Login successful",
      description: "Welcome back!",
    });
  });

  test("each page sends people where the redirect rules say, and honours a safe redirectTo", async () => {
    expect(await locationAfter("admin", "/admin/login", ADMIN.email)).toBe("/admin");
    expect(await locationAfter("desktop", "/login/desktop", ADMIN.email)).toBe("/admin");
    expect(await locationAfter("pwa", "/login/pwa", CLIENT.email)).toBe("/dashboard");
    expect(await locationAfter("pwa", "/login/pwa", CAREGIVER.email)).toBe("/caregiver");
    expect(await locationAfter("pwa", "/login/pwa", ADMIN.email)).toBe("/dashboard");
    expect(await locationAfter("desktop", "/login/desktop?redirectTo=%2Fdashboard%2Fbilling", CLIENT.email)).toBe(
      "/dashboard/billing",
    );
    expect(await locationAfter("desktop", "/login/desktop?redirectTo=%2F%2Fevil.test", CLIENT.email)).toBe(
      "/dashboard",
    );
  });

  test("a demo button signs in with the demo password; the admin page offers only the admin", async () => {
    const response = (await post("pwa", "/login/pwa", { intent: "demo", account: "caregiver" })) as Response;
    expect(response.headers.get("Location")).toBe("/caregiver");
    const local = new Request("http://127.0.0.1:3000/login/desktop");
    expect(demoAccountsFor("desktop", local).map((account) => account.label)).toEqual(["Client", "Caregiver", "Admin"]);
    expect(demoAccountsFor("admin", local).map((account) => account.email)).toEqual([ADMIN.email]);
  });

  test("with demo mode off there are no demo accounts and no demo sign-in", async () => {
    useTestEnv({ DATA_DIR: setup.env.DATA_DIR, DEMO_MODE: "false" });
    try {
      expect(demoAccountsFor("desktop", new Request("http://127.0.0.1:3000/login/desktop"))).toEqual([]);
      const refused = await post("desktop", "/login/desktop", { intent: "demo", account: "client" }).catch(
        (error: unknown) => error,
      );
      expect((refused as { init: { status: number } }).init.status).toBe(404);
    } finally {
      setup.env = useTestEnv({ DATA_DIR: setup.env.DATA_DIR });
    }
  });

  test("an unverified sign-in leaves the pending-verification cookie for /verify-email", async () => {
    const user = await createUser(setup.db, { password: PASSWORD, emailVerified: false });
    const result = asData(await post("desktop", "/login/desktop", { email: user.email, password: PASSWORD }));
    expect(result.data).toMatchObject({ error: "unverified", email: user.email });
    const cookies = new Headers(result.init?.headers).getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("tendly-verify="))).toBe(true);
  });

  test("failures answer the page's data with the kind of failure", async () => {
    const result = asData(await post("desktop", "/login/desktop", { email: CLIENT.email, password: "Nope-nope-1" }));
    expect(result.init?.status).toBe(401);
    expect(result.data).toEqual({ step: "password", email: CLIENT.email, error: "invalid" });
  });
});
