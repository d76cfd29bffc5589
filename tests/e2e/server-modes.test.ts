import type { APIRequestContext, APIResponse } from "@playwright/test";
import { DEMO_EMAILS, DEMO_PASSWORD, expect, MOBILE, test } from "./fixtures";
import { extraDataDir, startExtraServer, type ExtraServer } from "./extra-server";
import { TIMEOUTS } from "./timeouts";

// Demo accounts are a local trial, never a door, and the mailbox is a local
// tool (docs/decisions/0010). Each test starts a server of its own with the
// configuration under test, from this machine (no proxy headers) and as if
// from outside (a forwarded request).

const OUTSIDE = { "X-Forwarded-For": "203.0.113.7" };
const PUBLIC_DEMO_NOTICE = "Public demo: nothing you enter here is private. Use made-up names and details only.";

/** The page's markup without its scripts: the translation messages the page ships to the browser are not what it shows. */
async function markup(response: Promise<APIResponse>): Promise<string> {
  return (await (await response).text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

function cookiesOf(response: APIResponse): string {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value.split(";")[0])
    .join("; ");
}

async function context(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  server: ExtraServer,
  headers: Record<string, string> = {},
) {
  return playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { origin: server.baseURL, ...headers },
  });
}

const demoButton = (account: string) => ({ form: { intent: "demo", account }, maxRedirects: 0 });
const password = (email: string) => ({ form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 });

test.describe.serial("demo mode and the mailbox", () => {
  test.describe.configure({ timeout: TIMEOUTS.ownServers });
  let data: ReturnType<typeof extraDataDir>;
  let adminCookie = "";
  test.beforeAll(() => {
    data = extraDataDir();
  });
  test.afterAll(() => data?.remove());

  test("on loopback with no proxy, demo accounts and the mailbox work from this machine only", async ({
    playwright,
    browser,
  }) => {
    const server = await startExtraServer(data.dir, { HOST: "127.0.0.1", TRUST_PROXY: "0", DEV_MAILBOX: "true" });
    try {
      expect(server.output()).toContain(
        "Demo mode: on, a local trial: embedded database, listening on loopback, no proxy trusted.",
      );
      expect(server.output()).toContain(DEMO_EMAILS.admin);
      expect(server.output()).toContain(`Mailbox: ${server.baseURL}/dev/mailbox (DEV_MAILBOX=true)`);

      const local = await context(playwright, server);
      expect(await markup(local.get("/login/desktop"))).toContain("Try a demo account");
      const signedIn = await local.post("/login/desktop", demoButton("admin"));
      expect(signedIn.status()).toBe(302);
      expect(signedIn.headers().location).toBe("/admin");
      adminCookie = cookiesOf(signedIn);
      expect((await local.get("/admin", { headers: { cookie: adminCookie }, maxRedirects: 0 })).status()).toBe(200);
      expect((await local.get("/dev/mailbox")).status()).toBe(200);
      expect(await markup(local.get("/"))).not.toContain(PUBLIC_DEMO_NOTICE);

      // The same server reached through a proxy (a same-host reverse proxy, say).
      const outside = await context(playwright, server, OUTSIDE);
      expect(await markup(outside.get("/login/desktop"))).not.toContain("Try a demo account");
      expect((await outside.post("/login/desktop", demoButton("admin"))).status()).toBe(404);
      expect((await outside.post("/admin/login", demoButton("admin"))).status()).toBe(404);
      expect((await outside.post("/login/desktop", password(DEMO_EMAILS.admin))).status()).toBe(401);
      const withSession = await outside.get("/admin", { headers: { cookie: adminCookie }, maxRedirects: 0 });
      expect(withSession.status()).toBe(302);
      expect(withSession.headers().location).toMatch(/^\/admin\/login/);
      expect((await outside.get("/dev/mailbox")).status()).toBe(404);
      expect((await outside.get("/api/auth/get-session", { headers: { cookie: adminCookie } })).status()).toBe(404);

      // The mailbox, as a person uses it: a reset email, opened from the list.
      // No X-Forwarded-For: this browser is on the server's own machine.
      const browserContext = await browser.newContext({ baseURL: server.baseURL, extraHTTPHeaders: {} });
      const page = await browserContext.newPage();
      await page.goto("/forgot-password");
      await page.getByRole("main").getByLabel("Email address").fill(DEMO_EMAILS.client);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByText("Check your email", { exact: true })).toBeVisible();
      await expect
        .poll(
          async () => {
            await page.goto("/dev/mailbox");
            return page.getByRole("link", { name: /Reset your Tendly password/ }).count();
          },
          { timeout: TIMEOUTS.background },
        )
        .toBeGreaterThan(0);
      await expect(page.getByRole("heading", { name: "Mailbox" })).toBeVisible();
      await page
        .getByRole("link", { name: /Reset your Tendly password/ })
        .first()
        .click();
      await expect(page.getByRole("heading", { name: "Reset your Tendly password" })).toBeVisible();
      await expect(page.locator("pre")).toContainText("/api/auth/reset-password/");
      await browserContext.close();
    } catch (error) {
      console.error(server.output());
      throw error;
    } finally {
      await server.stop();
    }
  });

  test("behind a trusted proxy, demo mode and the mailbox are off and demo accounts already there stop working", async ({
    playwright,
  }) => {
    expect(adminCookie, "the session of the previous test").not.toBe("");
    const server = await startExtraServer(data.dir, { HOST: "127.0.0.1", TRUST_PROXY: "1", DEV_MAILBOX: "true" });
    try {
      expect(server.output()).toContain("Demo mode: off, a proxy is trusted (TRUST_PROXY)");
      expect(server.output()).not.toContain(DEMO_EMAILS.admin);
      expect(server.output()).toContain("Mailbox: off (a proxy is trusted (TRUST_PROXY))");

      for (const headers of [{}, OUTSIDE]) {
        const client = await context(playwright, server, headers);
        expect(await markup(client.get("/login/desktop"))).not.toContain("Try a demo account");
        expect((await client.post("/login/desktop", demoButton("admin"))).status()).toBe(404);
        expect((await client.post("/login/desktop", password(DEMO_EMAILS.client))).status()).toBe(401);
        const withSession = await client.get("/admin", { headers: { cookie: adminCookie }, maxRedirects: 0 });
        expect(withSession.status()).toBe(302);
        expect(withSession.headers().location).toMatch(/^\/admin\/login/);
        expect((await client.get("/dev/mailbox")).status()).toBe(404);
      }
    } finally {
      await server.stop();
    }
  });
});

for (const screen of ["desktop", "phone"] as const) {
  test(`a public demo (DEMO_MODE=true) says so on every page, on a ${screen}`, async ({ page }) => {
    if (screen === "phone") await page.setViewportSize(MOBILE.viewport);
    for (const path of ["/", "/providers", "/login/desktop", "/register"]) {
      await page.goto(path);
      await expect(page.getByRole("note").filter({ hasText: PUBLIC_DEMO_NOTICE }), path).toBeVisible();
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
}
