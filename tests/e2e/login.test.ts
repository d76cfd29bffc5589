import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { userProfiles } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { pauseClock, resumeClock } from "./account-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { DEMO_EMAILS, DEMO_PASSWORD, expect, loginAs, MOBILE, test } from "./fixtures";
import { newAdmin } from "./sessions";
import { TIMEOUTS } from "./timeouts";

// The sign-in pages (docs/product-rules.md, "Accounts and sign-in"): /login/desktop, /login/pwa and
// /admin/login, their texts, errors, redirects and the demo panel.

const FULL = {
  invalid: "Hmm, that email and password combination doesn't look right. Please try again!",
  unverified: "Please check your email and click the verification link before signing in.",
  tooMany: "Whoa there! Too many attempts. Please take a breather and try again in a few minutes.",
  network: "Connection hiccup! Please check your internet and try again.",
  other: "Hmm, something's not quite right. Please double-check your details and try again!",
};
const COMPACT = {
  invalid: "Invalid email or password. Please try again.",
  unverified: "Please verify your email before signing in.",
  tooMany: "Too many attempts. Please wait and try again.",
  network: "Connection issue. Please check your internet.",
  other: "Something went wrong. Please try again in a moment.",
};

// A sign-in hashes the password with scrypt (N=2^17): on a busy two-core
// machine an answer can take several seconds. Waits for one get longer.
const SIGN_IN_ANSWER = { timeout: TIMEOUTS.background };
test.describe.configure({ timeout: TIMEOUTS.journey });

async function fillAndSubmit(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** The network drops the sign-in pages' action requests. */
async function dropSignInRequests(page: Page) {
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()),
  );
}

/** Holds the sign-in pages' action requests until `release` is called. */
async function holdSignIn(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      if (route.request().method() === "POST") await released;
      await route.continue();
    },
  );
  return release;
}

/**
 * An account made with the test factories: unverified, or banned, which
 * better-auth refuses with a reason of its own (the "anything else" of the
 * catalogue).
 */
async function createAccount(kind: "unverified" | "banned") {
  const db = e2eDatabase();
  const password = "Sunny-Day-42";
  const user = await createUser(db, {
    email: `${kind}-${randomBytes(4).toString("hex")}@example.test`,
    password,
    firstName: "Pat",
    lastName: "Example",
    emailVerified: kind !== "unverified",
  });
  if (kind === "banned") await db.update(userProfiles).set({ banned: true }).where(eq(userProfiles.id, user.id));
  return { email: user.email, password };
}

/**
 * An address no account has. Wrong passwords here must never name the shared
 * demo accounts: five of them in 15 minutes, across all the tests of a run,
 * would lock those accounts for every fresh browser (as designed).
 */
function strangerEmail() {
  return `stranger-${randomBytes(4).toString("hex")}@example.test`;
}

/**
 * Five wrong passwords from this test's address, through the form's action, each for an address of
 * its own: the per-account count must not reach five across the tests of a run (or its repeats).
 */
async function failFiveTimes(page: Page, path: string) {
  const baseURL = test.info().project.use.baseURL!;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await page.request.post(path, {
      form: { email: strangerEmail(), password: "Wrong-Password-1" },
      headers: { origin: baseURL },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(401);
  }
}

test.describe("/login/desktop", () => {
  test("two columns: why Tendly, and the form with its links and the demo accounts", async ({ page }) => {
    await page.goto("/login/desktop");
    await expect(page).toHaveTitle("Sign In | Tendly");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(page.getByText("Trusted in-home care for the people you love")).toBeVisible();
    await expect(page.getByText("24/7 human support, whenever you need us")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Create your account" })).toHaveAttribute("href", "/register");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();

    const brand = page.getByText("Trusted in-home care for the people you love");
    const form = page.getByRole("heading", { name: "Welcome Back" });
    const [brandBox, formBox] = [await brand.boundingBox(), await form.boundingBox()];
    expect(brandBox!.x + brandBox!.width).toBeLessThan(formBox!.x);

    const demo = page.getByRole("region", { name: "Try a demo account" });
    await expect(demo.getByRole("button")).toHaveCount(3);
    for (const label of ["Client", "Caregiver", "Admin"]) {
      await expect(demo.getByRole("button", { name: new RegExp(`^${label}`) })).toBeVisible();
    }
  });

  test("signing in shows Signing In..., then the toast on the home page, and replaces the login in history", async ({
    page,
  }) => {
    await page.goto("/about");
    await gotoHydrated(page, "/login/desktop");
    const release = await holdSignIn(page);
    await fillAndSubmit(page, DEMO_EMAILS.client, DEMO_PASSWORD);
    const pending = page.getByRole("button", { name: "Signing In..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();

    await expect(page).toHaveURL(/\/dashboard$/, SIGN_IN_ANSWER);
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("a wrong password shows the message, focused, until the next submit", async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, "/login/desktop");
    await fillAndSubmit(page, strangerEmail(), "Not-The-Password-1");
    const alert = page.getByRole("alert").filter({ hasText: FULL.invalid });
    await expect(alert).toBeVisible(SIGN_IN_ANSWER);
    await expect(alert).toBeFocused();
    await expect(alert.locator("[aria-hidden='true']")).toHaveText(/\p{Extended_Pictographic}/u);
    await page.clock.runFor(10_000);
    await expect(alert).toBeVisible();

    const release = await holdSignIn(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("button", { name: "Signing In..." })).toBeVisible();
    await expect(page.getByText(FULL.invalid)).toHaveCount(0);
    release();
    await expect(page.getByText(FULL.invalid)).toBeVisible();
  });

  test("the form checks the fields with the rules' messages before sending", async ({ page }) => {
    await gotoHydrated(page, "/login/desktop");
    await fillAndSubmit(page, "not-an-email", "");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
    await fillAndSubmit(page, DEMO_EMAILS.client, "12345");
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  });

  test("an unverified account is asked to verify, with a way to the verification page", async ({ page }) => {
    const account = await createAccount("unverified");
    await gotoHydrated(page, "/login/desktop");
    await fillAndSubmit(page, account.email, account.password);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(FULL.unverified, SIGN_IN_ANSWER);
    const link = alert.getByRole("link", { name: "Resend the verification email" });
    await expect(link).toHaveAttribute("href", "/verify-email");
    await link.click();
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByRole("heading", { level: 1, name: "Check Your Inbox" })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
  });

  test("five failures from one address lock it: Too many attempts", async ({ page }) => {
    await failFiveTimes(page, "/login/desktop");
    await gotoHydrated(page, "/login/desktop");
    await fillAndSubmit(page, DEMO_EMAILS.client, DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toContainText(FULL.tooMany, SIGN_IN_ANSWER);
    await expect(page).toHaveURL(/\/login\/desktop$/);
  });

  test("a lost connection shows the connection message, not the error page", async ({ page }) => {
    await gotoHydrated(page, "/login/desktop");
    await dropSignInRequests(page);
    await fillAndSubmit(page, DEMO_EMAILS.client, DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toContainText(FULL.network, SIGN_IN_ANSWER);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(DEMO_EMAILS.client);
  });

  test("any other refusal (a banned account) gets the general message", async ({ page }) => {
    const account = await createAccount("banned");
    await gotoHydrated(page, "/login/desktop");
    await fillAndSubmit(page, account.email, account.password);
    await expect(page.getByRole("alert")).toContainText(FULL.other, SIGN_IN_ANSWER);
  });

  test("the page first asked for is where the sign-in leads", async ({ page }) => {
    await page.goto("/dashboard/billing");
    await expect(page).toHaveURL(/\/login\/desktop\?redirectTo=%2Fdashboard%2Fbilling$/);
    await page.waitForLoadState("load");
    await gotoHydrated(page, page.url());
    await fillAndSubmit(page, DEMO_EMAILS.client, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/billing$/, SIGN_IN_ANSWER);
  });

  test("a demo button signs in as that account", async ({ page }) => {
    await gotoHydrated(page, "/login/desktop");
    await page
      .getByRole("region", { name: "Try a demo account" })
      .getByRole("button", { name: /^Caregiver/ })
      .click();
    await expect(page).toHaveURL(/\/caregiver$/, SIGN_IN_ANSWER);
    await expect(page.getByText("Login successful")).toBeVisible();
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": `10.252.${randomBytes(2).join(".")}` },
    });
    const page = await context.newPage();
    await page.goto("/login/desktop?redirectTo=%2Fdashboard%2Fprofile");
    await fillAndSubmit(page, strangerEmail(), "Not-The-Password-1");
    await expect(page.getByText(FULL.invalid)).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(/^stranger-/);
    await page.getByLabel("Email", { exact: true }).fill(DEMO_EMAILS.client);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/, SIGN_IN_ANSWER);
    await context.close();
  });
});

test.describe("signed-in visitors", () => {
  test("are sent from every sign-in page to where they were going, else home", async ({ page }) => {
    await loginAs(page, "caregiver");
    for (const path of ["/login/desktop", "/login/pwa", "/admin/login"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/caregiver$/);
    }
    await page.goto("/login/desktop?redirectTo=%2Fcaregiver%2Fschedule");
    await expect(page).toHaveURL(/\/caregiver\/schedule$/, SIGN_IN_ANSWER);
  });
});

test.describe("/login/pwa", () => {
  test("the compact page: Back, tagline, form, Create account, Standard login and the badges", async ({ page }) => {
    await gotoHydrated(page, "/login/pwa?redirectTo=%2Fdashboard%2Fmessages");
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Next-generation care platform")).toBeVisible();
    await expect(page.getByRole("link", { name: "Create account" })).toHaveAttribute("href", "/register");
    // A desktop browser is not in app mode: the standard login is offered.
    await expect(page.getByRole("link", { name: "Standard login" })).toHaveAttribute(
      "href",
      "/login/desktop?redirectTo=%2Fdashboard%2Fmessages",
    );
    const badges = page.getByRole("list", { name: "Why Tendly" }).getByRole("listitem");
    await expect(badges).toHaveText(["Fast", "Secure", "Smart"]);
    await expect(page.getByRole("region", { name: "Try a demo account" }).getByRole("button")).toHaveCount(3);
  });

  test("compact errors clear themselves after 5 seconds", async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, "/login/pwa");
    // Stopped: the 5 seconds count from the message's arrival, which a busy machine delays.
    await pauseClock(page);
    await fillAndSubmit(page, strangerEmail(), "Not-The-Password-1");
    const alert = page.getByRole("alert").filter({ hasText: COMPACT.invalid });
    await expect(alert).toBeVisible(SIGN_IN_ANSWER);
    await expect(alert).toBeFocused();
    await expect(page.getByText(FULL.invalid)).toHaveCount(0);
    await page.clock.runFor(4_000);
    await expect(alert).toBeVisible();
    await page.clock.runFor(1_100);
    await expect(alert).toHaveCount(0);
    await resumeClock(page);
  });

  test("compact: an unverified account, and any other refusal", async ({ page }) => {
    const unverified = await createAccount("unverified");
    const banned = await createAccount("banned");
    await gotoHydrated(page, "/login/pwa");
    await fillAndSubmit(page, unverified.email, unverified.password);
    await expect(page.getByRole("alert")).toContainText(COMPACT.unverified, SIGN_IN_ANSWER);
    await expect(page.getByRole("alert").getByRole("link", { name: "Verify email" })).toBeVisible();
    await fillAndSubmit(page, banned.email, banned.password);
    await expect(page.getByRole("alert")).toContainText(COMPACT.other, SIGN_IN_ANSWER);
  });

  test("compact: a lost connection", async ({ page }) => {
    await gotoHydrated(page, "/login/pwa");
    await dropSignInRequests(page);
    await fillAndSubmit(page, DEMO_EMAILS.client, DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toContainText(COMPACT.network, SIGN_IN_ANSWER);
  });

  test("compact: too many attempts", async ({ page }) => {
    await failFiveTimes(page, "/login/pwa");
    await gotoHydrated(page, "/login/pwa");
    await fillAndSubmit(page, DEMO_EMAILS.client, DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toContainText(COMPACT.tooMany, SIGN_IN_ANSWER);
  });

  test("caregivers go to /caregiver, everyone else to /dashboard", async ({ page }) => {
    await gotoHydrated(page, "/login/pwa");
    await fillAndSubmit(page, DEMO_EMAILS.caregiver, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/caregiver$/, SIGN_IN_ANSWER);
    await expect(page.getByText("Welcome back!")).toBeVisible();
  });
});

test.describe("/admin/login", () => {
  test("the admin sign-in leads to /admin and offers only the admin demo account", async ({ page }) => {
    await gotoHydrated(page, "/admin/login");
    await expect(page).toHaveTitle("Admin Sign In | Tendly");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();
    const demo = page.getByRole("region", { name: "Try a demo account" });
    await expect(demo.getByRole("button")).toHaveCount(1);
    await expect(demo.getByRole("button", { name: /^Admin/ })).toBeVisible();
    // An administrator of the test's own: a sign-in stores its language on the account, and the demo admin is
    // shared by the tests running beside this one (sessions.ts, newAdmin).
    const password = "Sunny-Day-42";
    const admin = await newAdmin({ password });
    await fillAndSubmit(page, admin.email, password);
    await expect(page).toHaveURL(/\/admin$/, SIGN_IN_ANSWER);
    await expect(page.getByText("Login successful")).toBeVisible();
  });

  test("a client who signs in there is sent to their own home", async ({ page }) => {
    await gotoHydrated(page, "/admin/login");
    await fillAndSubmit(page, DEMO_EMAILS.client, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/, SIGN_IN_ANSWER);
  });
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("the desktop page is one column with visible labels and no sideways scrolling", async ({ page }) => {
    await gotoHydrated(page, "/login/desktop");
    await expect(page.getByText("Trusted in-home care for the people you love")).toBeHidden();
    await expect(page.getByText("Email", { exact: true })).toBeVisible();
    await expect(page.getByText("Password", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fillAndSubmit(page, DEMO_EMAILS.client, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/, SIGN_IN_ANSWER);
  });

  test("the app-mode page fits, without the Standard login link", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/login\/pwa$/);
    await gotoHydrated(page, "/login/pwa");
    await expect(page.getByText("Next-generation care platform")).toBeVisible();
    await expect(page.getByRole("link", { name: "Standard login" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fillAndSubmit(page, DEMO_EMAILS.client, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/, SIGN_IN_ANSWER);
    await expect(page.getByText("Login successful")).toBeVisible();
  });
});
