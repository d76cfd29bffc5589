import { chromium, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROME_FLAGS, CHROME_PATH } from "../../scripts/chromium.js";
import { BROWSER_LOG_FILE } from "../../scripts/e2e-browser-logs.js";
import { expectAccessible } from "./accessibility";
import { gotoHydrated, waitForHydration } from "./chrome-helpers";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";
import { startsTodayInCareZone, visitStartingSoon, visitState } from "./visit-helpers";
import { bellOf, notify, panelOf } from "./notification-helpers";

// The caregiver's day with no signal (docs/architecture.md, "Opening the caregiver's day with no signal"): the
// installed app on a 390 px phone, opened once online, opens the home (today's visits) and the schedule with no
// signal after a reload and after the browser was closed and opened again, says when the data was read, takes a
// check-in that is sent when the signal comes back, shows the notifications as last read, and keeps nothing for
// whoever signs in after.

test.describe.configure({ timeout: TIMEOUTS.journey });

let addressCounter = 0;

/**
 * A phone whose browser can be closed and opened again on the same profile (service worker, caches, cookies):
 * Chromium with a user data directory of its own.
 */
async function phoneProfile() {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "tendly-phone-"));
  addressCounter += 1;
  const options: BrowserContextOptions = {
    ...MOBILE,
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: "allow",
    permissions: [],
    reducedMotion: "reduce",
    extraHTTPHeaders: { "X-Forwarded-For": `10.78.${test.info().workerIndex % 250}.${addressCounter % 250}` },
  };
  let context: BrowserContext | undefined;
  return {
    /** Opens the browser on the profile; `offline` as it starts, before any page loads. */
    async open({ offline = false } = {}) {
      context = await chromium.launchPersistentContext(userDataDir, {
        ...options,
        executablePath: CHROME_PATH,
        args: CHROME_FLAGS,
      });
      // What the phone's pages said, for the report of a failed test (the suite's log sees only its own contexts).
      context.on("console", (message) => log(`${message.type()}: ${message.text()}`));
      context.on("weberror", (error) => log(`uncaught: ${error.error().message}`));
      context.on("requestfailed", (request) => log(`failed ${request.url()}: ${request.failure()?.errorText}`));
      // Before any page loads: the browser starts with no signal.
      if (offline) await context.setOffline(true);
      return { context, page: context.pages()[0] ?? (await context.newPage()) };
    },
    async close() {
      await context?.close();
      context = undefined;
    },
    async remove() {
      await this.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

const profiles: Awaited<ReturnType<typeof phoneProfile>>[] = [];
const logLines: string[] = [];
let startedAt = Date.now();
test.beforeEach(() => {
  logLines.length = 0;
  startedAt = Date.now();
});
function log(text: string) {
  logLines.push(`${((Date.now() - startedAt) / 1000).toFixed(2)} s  ${text}`);
}
test.afterEach(async () => {
  const testInfo = test.info();
  await Promise.all(profiles.splice(0).map((profile) => profile.remove()));
  if (testInfo.status !== testInfo.expectedStatus && logLines.length > 0) {
    // Printed whole after the run by scripts/test-e2e.js, as the suite's own browser log.
    const logPath = testInfo.outputPath(BROWSER_LOG_FILE);
    await writeFile(logPath, `${testInfo.titlePath.join(" › ")} (the phone)\n${logLines.slice(-80).join("\n")}\n`);
    await testInfo.attach("browser log", { path: logPath, contentType: "text/plain" });
  }
});

async function newPhone() {
  const profile = await phoneProfile();
  profiles.push(profile);
  return profile;
}

/**
 * Signs the phone in, with the session cookie kept across a restart of the browser as the sign-in form's is
 * (it has an expiry; the suite's signIn() leaves it a cookie of the browser's session).
 */
async function signInToStay(context: BrowserContext, page: Page, email: string) {
  await signIn(page, email);
  const cookies = await context.cookies();
  const expires = Math.floor(Date.now() / 1000) + 8 * 60 * 60;
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, expires })));
}

async function waitForServiceWorkerControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: TIMEOUTS.background,
  });
}

/** Opens the home and the schedule online, through the worker, so that the phone keeps them. */
async function openDayOnline(page: Page) {
  await gotoHydrated(page, "/caregiver");
  await waitForServiceWorkerControl(page);
  await gotoHydrated(page, "/caregiver");
  await gotoHydrated(page, "/caregiver/schedule");
}

function visitCard(page: Page, visitId: string) {
  return page.locator(`[data-visit-id="${visitId}"]`);
}

const lastUpdated = (scope: Page | Locator) => scope.locator("[data-last-updated]");

/** The paths the phone keeps in the caregiver's day cache (none when it has no such cache). */
function keptOnThePhone(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await caches.has("tendly-caregiver-day"))
      ? (await (await caches.open("tendly-caregiver-day")).keys()).map((request) => new URL(request.url).pathname)
      : [],
  );
}

test("the installed app opens the day with no signal after a reload and a cold start, and the check-in made there is sent later", async () => {
  const care = await visitStartingSoon({ lastName: "Nosignal" });
  const phone = await newPhone();
  let { context, page } = await phone.open();
  await signInToStay(context, page, care.caregiver.email);
  await openDayOnline(page);
  // Online and fresh, the page says nothing about its age.
  await expect(visitCard(page, care.visit.id)).toBeVisible();
  await expect(lastUpdated(page)).toHaveCount(0);

  // A reload with no signal: the schedule as last read, and when.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await expect(visitCard(page, care.visit.id)).toContainText(`For Elsa N.`);
  await expect(lastUpdated(page)).toHaveText(/^No connection\. Last updated today at \d{1,2}:\d{2} [AP]M\.$/);
  await expectAccessible(page);
  // Today's visits on the home, the same way (booked in the day's last minutes, the visit starts after
  // midnight and is not one of today's: the home then shows the rest as last read, without its card).
  const onTheHome = startsTodayInCareZone(care.visit.startsAt);
  await gotoHydrated(page, "/caregiver");
  await expect(page.getByRole("heading", { name: "Today's visits" })).toBeVisible();
  if (onTheHome) await expect(visitCard(page, care.visit.id)).toBeVisible();
  await expect(lastUpdated(page)).toHaveText(/^No connection\. Last updated today at /);
  const widthAtPhone = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widthAtPhone).toBeLessThanOrEqual(390);

  // The browser is closed, and opened again with no signal on the app's start page.
  await phone.close();
  ({ context, page } = await phone.open({ offline: true }));
  await page.goto("/");
  await expect(page).toHaveURL(/\/caregiver$/);
  if (onTheHome) await expect(visitCard(page, care.visit.id)).toBeVisible();
  await expect(lastUpdated(page)).toHaveText(/^No connection\. Last updated today at /);

  // On to the schedule by its link, and a check-in from it: saved on the phone at the time of the press.
  await waitForHydration(page);
  await page.getByRole("link", { name: "Full schedule" }).click();
  await expect(page).toHaveURL(/\/caregiver\/schedule$/);
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await waitForHydration(page);
  await expect(lastUpdated(page)).toHaveText(/^No connection\. Last updated today at /);
  const card = visitCard(page, care.visit.id);
  await card.getByRole("button", { name: "Check in" }).click();
  await card.getByRole("radio", { name: "A reason" }).check();
  await card.getByLabel("Why the location could not be shared").fill("No signal on the street");
  await card.getByRole("button", { name: "Confirm check-in" }).click();
  await expect(card.getByText(/^No connection: saved on this phone at/)).toBeVisible();
  await expect(card.locator("[data-outbox-waiting]")).toBeVisible();
  const pressedBefore = Date.now();
  expect((await visitState(care.visit.id)).visit.status).toBe("scheduled");

  // Back online: the check-in goes out with the time of the press, and the page is fresh again.
  await context.setOffline(false);
  await expect(card.locator("[data-outbox-waiting]")).toHaveCount(0, { timeout: TIMEOUTS.background });
  await expect(page.getByText("A check-in or check-out saved on this phone has been sent.")).toBeVisible();
  await expect(lastUpdated(page)).toHaveCount(0);
  const state = await visitState(care.visit.id);
  expect(state.visit.status).toBe("checked_in");
  expect(state.events[0]).toMatchObject({ kind: "check_in", method: "reason", reason: "No signal on the street" });
  expect(state.events[0]!.occurredAt.getTime()).toBeLessThanOrEqual(pressedBefore);
  expect(state.events[0]!.recordedAt.getTime()).toBeGreaterThanOrEqual(pressedBefore);
});

test("after signing out, or when someone else's page comes by, the phone shows no kept schedule", async () => {
  const care = await visitStartingSoon({ lastName: "Shared" });
  const phone = await newPhone();
  const { context, page } = await phone.open();
  await signIn(page, care.caregiver.email);
  await openDayOnline(page);

  // Signed out from the menu: with no signal, the app's start page and the schedule show the offline page.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await context.setOffline(true);
  for (const url of ["/", "/caregiver", "/caregiver/schedule"]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 }), url).toHaveText("You're offline");
    await expect(page.getByText("For Elsa S.")).toHaveCount(0);
  }

  // Signed in again and kept; then the session ends on the server side (no sign-out on this phone) and a
  // page for nobody signed in comes from the server: the kept pages go with it.
  await context.setOffline(false);
  await signIn(page, care.caregiver.email);
  await openDayOnline(page);
  await context.setOffline(true);
  await page.reload();
  await expect(visitCard(page, care.visit.id)).toBeVisible();
  await context.setOffline(false);
  await context.clearCookies();
  const about = await page.goto("/about");
  expect(about?.headers()["x-tendly-viewer"]).toBe("-");
  await context.setOffline(true);
  await page.goto("/caregiver/schedule");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're offline");
  const kept = await keptOnThePhone(page);
  expect(kept.length).toBe(0);
});

test("the bell on the kept day opens with no signal on the notifications last read", async () => {
  const care = await visitStartingSoon({ lastName: "Bell" });
  const title = `Visit reminder for Elsa B. ${care.visit.id.slice(0, 8)}`;
  await notify(care.caregiver.id, { type: "schedule", title });
  const phone = await newPhone();
  const { context, page } = await phone.open();
  await signIn(page, care.caregiver.email);
  await openDayOnline(page);
  const bell = bellOf(page);
  const panel = panelOf(page);
  // Read online when the panel opens, as on every page; the phone keeps it beside the day.
  await bell.click();
  await expect(panel.getByText(title, { exact: true })).toBeVisible();
  // Read just now: no line says when.
  await expect(lastUpdated(panel)).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // No signal: the kept schedule, and the bell opens on the list as last read rather than on a failure.
  await context.setOffline(true);
  await page.reload();
  await expect(lastUpdated(page)).toHaveText(/^No connection\. Last updated today at /);
  await waitForHydration(page);
  await bell.click();
  await expect(panel.getByText(title, { exact: true })).toBeVisible();
  await expect(panel.getByText(/could not be loaded/)).toHaveCount(0);
  // The list says it is the one the phone kept, and when it was read.
  await expect(lastUpdated(panel)).toHaveText(/^No connection\. Last updated today at \d{1,2}:\d{2} [AP]M\.$/);
  await expectAccessible(page);

  // For nobody signed in, nothing of it stays.
  await context.setOffline(false);
  await context.clearCookies();
  await page.goto("/about");
  expect(await keptOnThePhone(page)).toEqual([]);
});
