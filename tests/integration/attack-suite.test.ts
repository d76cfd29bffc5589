import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { getAuth } from "~/platform/auth/auth.server";
import { getCurrentUser } from "~/platform/auth/session.server";
import { caregiverProfiles } from "~/platform/db/schema";
import { createCaregiver } from "~/platform/db/seed/factories.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, EXTRA_DEMO_ACCOUNTS, seedDemoData } from "~/platform/db/seed/seed.server";
import { inviteAdmin } from "~/features/admin/invites.server";
import { getPublicCaregiver, listFeaturedCaregivers } from "~/features/caregivers/public-caregivers.server";
import { robotsTxt } from "~/features/seo/crawling";
import * as authRoute from "~/routes/api/auth";
import { appRequest, settle, signInCookie } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { useTestEnv } from "./env";

// Replays of the attacks found by probing from outside (docs/decisions/0010):
// each must fail, and keeps failing.

const setup = useAuthTestSetup();
const [CLIENT, , ADMIN] = DEMO_ACCOUNTS;

beforeAll(() => seedDemoData(setup.db));

/** Every HTTP endpoint better-auth and its plugins mount, with the methods each accepts. */
function authEndpoints(): { path: string; methods: string[] }[] {
  const endpoints = Object.values(getAuth().api as Record<string, unknown>).flatMap((endpoint) => {
    const { path, options } = endpoint as { path?: string; options?: { method?: string | string[] } };
    if (typeof path !== "string") return [];
    const method = options?.method ?? "GET";
    const methods = (Array.isArray(method) ? method : [method]).flatMap((m) => (m === "*" ? ["GET", "POST"] : [m]));
    return [{ path, methods }];
  });
  return endpoints;
}

async function callAuthRoute(method: string, path: string, cookie?: string): Promise<number> {
  const request = appRequest(`/api/auth${path}`, {
    method,
    cookie,
    ...(method === "GET" ? {} : { body: "{}", headers: { "content-type": "application/json" } }),
  });
  const handler = method === "GET" ? authRoute.loader : authRoute.action;
  const response = (await handler({ request, params: {}, context: undefined } as never)) as Response;
  return response.status;
}

describe("better-auth's HTTP endpoints", () => {
  test("every endpoint but the emailed reset link answers 404, to anyone", async () => {
    const admin = await signInCookie(ADMIN.email, DEMO_PASSWORD);
    const endpoints = authEndpoints();
    // The admin and two-factor plugins' endpoints are among them.
    const paths = endpoints.map((endpoint) => endpoint.path);
    for (const path of [
      "/admin/impersonate-user",
      "/admin/set-user-password",
      "/admin/set-role",
      "/admin/list-users",
      "/update-user",
      "/list-sessions",
      "/get-session",
      "/two-factor/enable",
    ]) {
      expect(paths).toContain(path);
    }
    let cases = 0;
    const reachable: string[] = [];
    for (const { path, methods } of endpoints) {
      for (const method of methods) {
        const concrete = path.replace(/:(\w+)/g, "abcdefABCDEF123456");
        for (const cookie of [undefined, admin]) {
          const status = await callAuthRoute(method, concrete, cookie);
          if (status !== 404) reachable.push(`${method} ${path}${cookie ? " (admin)" : ""}`);
          cases += 1;
        }
      }
    }
    // Only the emailed link, with and without a session.
    expect(reachable).toEqual(["GET /reset-password/:token", "GET /reset-password/:token (admin)"]);
    console.info(`better-auth: ${endpoints.length} endpoints, ${cases} requests replayed`);
    expect(endpoints.length).toBeGreaterThan(40);
    expect(cases).toBeGreaterThan(80);
  });

  test("the reset link stays open: it checks the token and sends the browser to /reset-password", async () => {
    const status = await callAuthRoute("GET", "/reset-password/not-a-real-token?callbackURL=%2Freset-password");
    expect(status).toBe(302);
  });
});

describe("demo accounts", () => {
  test("stop working once demo mode is off: no demo sign-in, and their sessions end", async () => {
    const cookie = await signInCookie(CLIENT.email, DEMO_PASSWORD);
    expect((await getCurrentUser(appRequest("/dashboard", { cookie })))?.email).toBe(CLIENT.email);
    useTestEnv({ DATA_DIR: setup.env.DATA_DIR, DEMO_MODE: "false" });
    try {
      expect(await getCurrentUser(appRequest("/dashboard", { cookie }))).toBeNull();
      const { loader, action } = await import("~/routes/auth/login-desktop");
      const page = await settle(
        loader({ request: appRequest("/login/desktop"), params: {}, context: undefined } as never),
      );
      expect(page).toMatchObject({ demoAccounts: [] });
      const body = new URLSearchParams({ email: CLIENT.email, password: DEMO_PASSWORD });
      const refused = await settle(
        action({
          request: appRequest("/login/desktop", {
            method: "POST",
            body,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }),
          params: {},
          context: undefined,
        } as never),
      );
      expect(refused).toMatchObject({ init: { status: 401 } });
    } finally {
      setup.env = useTestEnv({ DATA_DIR: setup.env.DATA_DIR });
    }
  });

  test("in a local trial, a request that came through a proxy is treated as from outside", async () => {
    const cookie = await signInCookie(ADMIN.email, DEMO_PASSWORD);
    const signedIn: string[] = [];
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host", "via"]) {
      const request = appRequest("/admin", { cookie, headers: { [header]: "203.0.113.7" } });
      if (await getCurrentUser(request)) signedIn.push(header);
    }
    expect(signedIn).toEqual([]);
    // A public demo (DEMO_MODE=true) is meant to be reached from outside.
    useTestEnv({ DATA_DIR: setup.env.DATA_DIR, DEMO_MODE: "true", TRUST_PROXY: "1" });
    try {
      const request = appRequest("/admin", { cookie, headers: { "x-forwarded-for": "203.0.113.7" } });
      expect((await getCurrentUser(request))?.email).toBe(ADMIN.email);
    } finally {
      setup.env = useTestEnv({ DATA_DIR: setup.env.DATA_DIR });
    }
  });

  test("a demo administrator cannot invite an administrator who would outlive the demo", async () => {
    const adminUser = await getCurrentUser(
      appRequest("/admin", { cookie: await signInCookie(ADMIN.email, DEMO_PASSWORD) }),
    );
    await expect(inviteAdmin({ email: "new.admin@example.com", actor: adminUser! })).rejects.toMatchObject({
      code: "forbidden",
      reason: "demo-inviter",
    });
    const both = EXTRA_DEMO_ACCOUNTS[2];
    const bothUser = await getCurrentUser(
      appRequest("/admin", { cookie: await signInCookie(both.email, DEMO_PASSWORD) }),
    );
    await expect(inviteAdmin({ email: "other.admin@example.com", actor: bothUser! })).rejects.toMatchObject({
      code: "forbidden",
      reason: "demo-inviter",
    });
  });
});

describe("public pages carry no internal ids", () => {
  test("caregiver cards and profiles hold no user id, and photos are addressed by slug", async () => {
    const { id: userId } = await createCaregiver(setup.db, { slug: "robin-photo", status: "approved" });
    await setup.db
      .update(caregiverProfiles)
      .set({ profilePhotoUrl: `/media/avatar/${userId}?v=abc123`, ratingAvg: 5, ratingCount: 999 })
      .where(eq(caregiverProfiles.userId, userId));
    const profile = await getPublicCaregiver({ slug: "robin-photo" });
    expect(profile).not.toBeNull();
    expect(profile!.photoUrl).toBe("/media/caregivers/robin-photo/photo?v=abc123");
    const cards = await listFeaturedCaregivers({ limit: 100 });
    expect(cards.map((card) => card.slug)).toContain("robin-photo");
    for (const shown of [JSON.stringify(profile), JSON.stringify(cards)]) {
      expect(shown).not.toContain(userId);
      expect(shown).not.toMatch(/"userId"|"id"/);
    }
  });

  test("robots.txt lists no path but the sitemap", () => {
    expect(robotsTxt("https://tendly.example")).not.toMatch(/Disallow/);
  });
});
