import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { TIMEOUT_SCALE } from "./timeout-scale";

// Shared end-to-end fixtures:
// - every page a test visits is checked with axe-core (WCAG 2.1 A/AA rules);
//   serious or critical violations fail the test;
// - each test comes from its own client address (X-Forwarded-For, trusted by
//   the e2e server) so that per-address rate limits apply per test;
// - loginAs() signs in a demo account through the sign-in action;
// - pages have no service worker unless the test says withServiceWorker: true;
// - each test's timeout is scaled by TIMEOUT_SCALE (timeout-scale.ts).

export const DEMO_PASSWORD = "DemoPass123!";
export const DEMO_EMAILS = {
  client: "client@demo.tendly.test",
  caregiver: "caregiver@demo.tendly.test",
  admin: "admin@demo.tendly.test",
} as const;
export type DemoRole = keyof typeof DEMO_EMAILS;

/** Every screen each role uses, in the order of its menus (docs/product-rules.md, "Public site and header"). */
export const ROLE_SCREENS: Record<DemoRole, string[]> = {
  client: [
    "/dashboard",
    "/dashboard/appointments",
    "/dashboard/messages",
    "/dashboard/documents",
    "/dashboard/billing",
    "/dashboard/providers",
    "/dashboard/profile",
    "/dashboard/settings",
  ],
  caregiver: [
    "/caregiver",
    "/caregiver/orders",
    "/caregiver/schedule",
    "/caregiver/clients",
    "/caregiver/earnings",
    "/caregiver/training",
    "/caregiver/messages",
    "/caregiver/profile",
    "/caregiver/settings",
  ],
  admin: [
    "/admin",
    "/admin/caregivers",
    "/admin/orders",
    "/admin/visits",
    "/admin/users",
    "/admin/pricing",
    "/admin/billing",
    "/admin/payouts",
    "/admin/support",
    "/admin/analytics",
    "/admin/settings",
  ],
};
/** Test-only extras of the seed (EXTRA_DEMO_ACCOUNTS), same password, not on the login page. */
export const EXTRA_DEMO_EMAILS = {
  "pending-caregiver": "pending.caregiver@demo.tendly.test",
  "suspended-caregiver": "suspended.caregiver@demo.tendly.test",
  "admin-client": "admin.client@demo.tendly.test",
} as const;
export type DemoAccount = DemoRole | keyof typeof EXTRA_DEMO_EMAILS;
export const ALL_DEMO_EMAILS: Record<DemoAccount, string> = { ...DEMO_EMAILS, ...EXTRA_DEMO_EMAILS };

/** A 390 px phone: use with test.use(MOBILE). */
export const MOBILE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};

type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: unknown }[] };
export type Accessibility = {
  /** Runs axe on the page as it is now (e.g. with a menu open). */
  check: (label?: string) => Promise<void>;
  /** Pages that should not be checked in this test (e.g. an intentionally broken page). */
  skipUrls: RegExp[];
};

async function analyse(page: Page): Promise<AxeViolation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // The dev mailbox shows third-party email HTML inside a sandboxed frame.
    .exclude("iframe[title='Email as HTML']")
    // axe.run() in the page itself. Otherwise axe gathers its results in a blank page it opens in the
    // test's browser context, and a context-wide call (going offline, the fake clock) meeting that page
    // as it closes fails with "Target page, context or browser has been closed". Frames from other
    // origins (Stripe's card field) are not checked this way; they are not ours to fix.
    .setLegacyMode()
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

function describeViolations(url: string, violations: AxeViolation[]) {
  return violations.map(
    (v) => `${url}: [${v.impact}] ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`,
  );
}

let addressCounter = 0;

export const test = base.extend<{ a11y: Accessibility; scaledTimeout: void; withServiceWorker: boolean }>({
  // Automatic, and first: the timeout in force (the config's, a describe block's) times TIMEOUT_SCALE.
  scaledTimeout: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none
    async ({}, use, testInfo) => {
      testInfo.setTimeout(testInfo.timeout * TIMEOUT_SCALE);
      await use();
    },
    { auto: true },
  ],
  // A browser without service workers, as the app meets in some browsers, unless the test says
  // `test.use({ withServiceWorker: true })` (the installed app, offline use). Elsewhere the worker's
  // install, precaching some 350 files for every test's page, was about a seventh of the suite's
  // time and nothing those tests check. Contexts a test makes itself keep the worker.
  withServiceWorker: [false, { option: true }],
  context: async ({ context, withServiceWorker }, use) => {
    if (!withServiceWorker)
      await context.addInitScript(() => {
        delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
      });
    await use(context);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    addressCounter += 1;
    const address = `10.${testInfo.workerIndex % 250}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": address });
  },
  // Automatic: every test gets the axe checks, whether or not it names the fixture.
  a11y: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const checked = new Set<string>();
      const pending: Promise<void>[] = [];
      const state: Accessibility = {
        skipUrls: [],
        check: async (label) => {
          await page.waitForLoadState("domcontentloaded");
          const url = page.url();
          problems.push(...describeViolations(label ? `${url} (${label})` : url, await analyse(page)));
        },
      };
      const checkOnce = async () => {
        const url = page.url();
        const key = new URL(url).pathname + new URL(url).search;
        if (checked.has(key) || state.skipUrls.some((pattern) => pattern.test(url))) return;
        checked.add(key);
        try {
          problems.push(...describeViolations(url, await analyse(page)));
        } catch {
          // The test navigated on while axe ran; the final check covers the last page.
          checked.delete(key);
        }
      };
      const onLoad = () => pending.push(checkOnce());
      page.on("load", onLoad);
      await use(state);
      page.off("load", onLoad);
      await Promise.allSettled(pending);
      if (!page.isClosed() && page.url().startsWith("http")) await checkOnce();
      expect(problems, "accessibility violations (serious or critical)").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Signs the page's browser context (or an API request context) in through
 * the sign-in form's action (the only way in: it applies the lockout), without
 * the toast. `address` signs in from another client address.
 */
export async function signInWithPassword(
  page: Page | { request: APIRequestContext },
  email: string,
  password: string,
  address?: string,
) {
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post("/login/desktop", {
    form: { email, password },
    headers: { origin: baseURL, ...(address ? { "X-Forwarded-For": address } : {}) },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in as ${email}`).toBe(302);
  if ("context" in page) await page.context().clearCookies({ name: "tendly-toast" });
}

/** Signs in as a demo account (see signInWithPassword). */
export async function loginAs(page: Page | { request: APIRequestContext }, account: DemoAccount, address?: string) {
  await signInWithPassword(page, ALL_DEMO_EMAILS[account], DEMO_PASSWORD, address);
}

export { expect };

/** `label` made unique to this run (a last name, a code), so that a test finds its own rows. */
export function unique(label: string) {
  return `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

let contextCounter = 0;

/**
 * An API request context of its own, from a client address of its own (sign-ins
 * are rate limited per address) and the site's origin, signed in as `account`
 * unless anonymous. Dispose of it when done.
 */
export async function requestContextAs(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  account: DemoAccount | "anonymous",
): Promise<APIRequestContext> {
  contextCounter += 1;
  const baseURL = test.info().project.use.baseURL!;
  const context = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      "X-Forwarded-For": `10.250.${test.info().workerIndex % 250}.${contextCounter % 250}`,
      origin: baseURL,
    },
  });
  if (account !== "anonymous") await loginAs({ request: context }, account);
  return context;
}
