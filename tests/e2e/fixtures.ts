import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { BROWSER_LOG_FILE } from "../../scripts/e2e-browser-logs.js";
import { UNDECLARED_NAMESPACE } from "~/i18n/config";
import { analyse, claimCheck, describeViolations, releaseCheck, stateKey } from "./accessibility";
import { signInWithSession, userIdOf } from "./sessions";

// Shared end-to-end fixtures:
// - every state of a page a test reaches is checked with axe-core (WCAG 2.1 A/AA rules) once in
//   the run (accessibility.ts); serious or critical violations fail the test that checked it;
// - each test comes from its own client address (X-Forwarded-For, trusted by
//   the e2e server) so that per-address rate limits apply per test;
// - signIn() and loginAs() sign a context in with a session of its own (sessions.ts), no form;
// - pages have no service worker unless the test says withServiceWorker: true;
// - every timeout comes from timeouts.ts;
// - a failed test's report carries what its pages logged (browserLog).

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
    "/dashboard/family",
    "/dashboard/profile",
    "/dashboard/settings",
  ],
  caregiver: [
    "/caregiver",
    "/caregiver/orders",
    "/caregiver/schedule",
    "/caregiver/availability",
    "/caregiver/clients",
    "/caregiver/earnings",
    "/caregiver/training",
    "/caregiver/credentials",
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

export type Accessibility = {
  /** Runs axe on the page as it is now (e.g. with a menu open). */
  check: (label?: string) => Promise<void>;
  /** Pages that should not be checked in this test (e.g. an intentionally broken page). */
  skipUrls: RegExp[];
};

let addressCounter = 0;

/** The axe checks each page has running (the a11y fixture's), for pauseClock to wait on. */
const runningChecks = new WeakMap<Page, Promise<void>[]>();

/**
 * Waits for the axe checks running on the page. axe runs on the page's timers: a check caught by a
 * paused clock waits until the clock runs again, and pausing the clock while one runs can stall both.
 */
export async function accessibilityChecksSettled(page: Page) {
  await Promise.allSettled(runningChecks.get(page) ?? []);
}

/** Takes the service worker away from a context's pages, as some browsers have none. */
async function withoutServiceWorker(context: BrowserContext) {
  await context.addInitScript(() => {
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  });
}

export const test = base.extend<{
  a11y: Accessibility;
  withServiceWorker: boolean;
  newContextsWithoutServiceWorker: void;
  browserLog: void;
}>({
  // A browser without service workers, as the app meets in some browsers, unless the test says
  // `test.use({ withServiceWorker: true })` (the installed app, offline use). Elsewhere the worker's
  // install, precaching some 350 files for every test's page, was about a seventh of the suite's
  // time and nothing those tests check. The same for the contexts a test makes itself
  // (browser.newContext), unless made with `serviceWorkers: "allow"`.
  withServiceWorker: [false, { option: true }],
  context: async ({ context, withServiceWorker }, use) => {
    if (!withServiceWorker) await withoutServiceWorker(context);
    await use(context);
  },
  newContextsWithoutServiceWorker: [
    async ({ browser, withServiceWorker }, use) => {
      const newContext = browser.newContext;
      if (!withServiceWorker)
        browser.newContext = async (options) => {
          const context = await newContext.call(browser, options);
          if (options?.serviceWorkers !== "allow") await withoutServiceWorker(context);
          return context;
        };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
    },
    { auto: true },
  ],
  // Automatic: what the test's pages said (console, uncaught errors, loads), attached to a failed test's
  // report, where CI prints it: CI keeps no traces, and a failure seen once must be explainable.
  browserLog: [
    async ({ context, browser }, use, testInfo) => {
      const startedAt = Date.now();
      const lines: string[] = [];
      const pages = new Map<Page, number>();
      // A page that had to load a namespace its routes do not declare (app/i18n/react.tsx UNDECLARED_NAMESPACE).
      const undeclaredNamespaces: string[] = [];
      const record = (page: Page, text: string) => {
        if (!pages.has(page)) pages.set(page, pages.size + 1);
        lines.push(`${((Date.now() - startedAt) / 1000).toFixed(2)} s  page ${pages.get(page)}  ${text}`);
      };
      const watch = (page: Page) => {
        page.on("console", (message) => {
          record(page, `${message.type()}: ${message.text()}`);
          if (message.text().startsWith(UNDECLARED_NAMESPACE))
            undeclaredNamespaces.push(`${page.url()}: ${message.text()}`);
        });
        page.on("pageerror", (error) => record(page, `uncaught: ${error.message}`));
        page.on("load", () => record(page, `load ${page.url()}`));
        page.on("requestfailed", (request) => record(page, `failed ${request.url()}: ${request.failure()?.errorText}`));
        page.on("close", () => record(page, "closed"));
      };
      const watchContext = (watched: BrowserContext) => {
        watched.pages().forEach(watch);
        watched.on("page", watch);
      };
      watchContext(context);
      // The contexts a test opens itself (a second person, a phone) are watched too.
      const newContext = browser.newContext;
      browser.newContext = async function (this: Browser, ...args: Parameters<Browser["newContext"]>) {
        const opened = await newContext.apply(this, args);
        watchContext(opened);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
        // A file, not a text attachment (the list reporter shows 300 characters of those): scripts/test-e2e.js
        // prints it whole after the run.
        const logPath = testInfo.outputPath(BROWSER_LOG_FILE);
        await writeFile(logPath, `${testInfo.titlePath.join(" › ")}\n${lines.slice(-80).join("\n")}\n`);
        await testInfo.attach("browser log", { path: logPath, contentType: "text/plain" });
      }
      // Every namespace a page words must be declared by its routes (docs/decisions/0041-what-a-page-carries.md).
      if (undeclaredNamespaces.length > 0) throw new Error(undeclaredNamespaces.join("\n"));
    },
    { auto: true },
  ],
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    addressCounter += 1;
    const address = `10.${testInfo.workerIndex % 250}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": address });
  },
  // Automatic: every test gets the axe checks, whether or not it names the fixture.
  a11y: [
    async ({ page }, use, testInfo) => {
      const problems: string[] = [];
      const pending: Promise<void>[] = [];
      runningChecks.set(page, pending);
      /** Checks the page as it is now unless this state was checked already in the run (accessibility.ts). */
      const checkState = async (label?: string) => {
        const url = page.url();
        const key = await stateKey(page, label);
        if (!claimCheck(key)) return;
        try {
          problems.push(...describeViolations(label ? `${url} (${label})` : url, await analyse(page)));
        } catch (error) {
          releaseCheck(key);
          throw error;
        }
      };
      const state: Accessibility = {
        skipUrls: [],
        check: async (label) => {
          await page.waitForLoadState("domcontentloaded");
          await checkState(label);
        },
      };
      const checkLoaded = async () => {
        if (state.skipUrls.some((pattern) => pattern.test(page.url()))) return;
        // The test navigated on while axe ran: the next load or the final check covers the page it reached.
        await checkState().catch(() => undefined);
      };
      const onLoad = () => pending.push(checkLoaded());
      page.on("load", onLoad);
      await use(state);
      page.off("load", onLoad);
      await Promise.allSettled(pending);
      // A test that failed already is not checked further: its page may be left mid-way (a paused clock
      // that axe's timers would wait on for ever); the state is checked by the next test to reach it.
      const hasFailed = testInfo.status !== testInfo.expectedStatus;
      if (!hasFailed && !page.isClosed() && page.url().startsWith("http")) await checkLoaded();
      expect(problems, "accessibility violations (serious or critical)").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Signs the page's browser context (or an API request context) in as the
 * account with this address, with a new session of its own and no form
 * (sessions.ts). The tests of signing in itself use the forms (login,
 * admin, password-reset, register, verify-email).
 */
export async function signIn(page: Page | { request: APIRequestContext }, email: string) {
  await signInWithSession(page, await userIdOf(email), test.info().project.use.baseURL!);
}

/** Signs in as a demo account (see signIn). */
export async function loginAs(page: Page | { request: APIRequestContext }, account: DemoAccount) {
  await signIn(page, ALL_DEMO_EMAILS[account]);
}

export { expect };

/** `label` made unique to this run (a last name, a code), so that a test finds its own rows, in any worker. */
export function unique(label: string) {
  return `${label}${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
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
  { userAgent }: { userAgent?: string } = {},
): Promise<APIRequestContext> {
  contextCounter += 1;
  const baseURL = test.info().project.use.baseURL!;
  const context = await playwright.request.newContext({
    baseURL,
    ...(userAgent ? { userAgent } : {}),
    extraHTTPHeaders: {
      "X-Forwarded-For": `10.250.${test.info().workerIndex % 250}.${contextCounter % 250}`,
      origin: baseURL,
    },
  });
  if (account !== "anonymous") await loginAs({ request: context }, account);
  return context;
}
