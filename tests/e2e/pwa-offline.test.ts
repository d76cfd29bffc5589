import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./chrome-helpers";

// Offline behaviour of the service worker: pages are never cached (they are
// server-rendered and personal), but for the caregiver's schedule and home,
// kept for a house with no signal (tests/e2e/caregiver-visits.test.ts); a page that cannot be reached shows the
// offline page; API, health and development URLs are left to the browser.

test.use({ serviceWorkers: "allow", withServiceWorker: true });

async function waitForServiceWorkerControl(page: Page) {
  // The worker registers once the page's scripts run: on a public page read signed out, after an interaction.
  await waitForHydration(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test("a new page opened while offline shows the offline page, and Try again loads it once back online", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  // Never visited, so nothing about it could have been stored.
  const response = await page.goto("/how-it-works?from=offline-test");
  expect(response?.status()).toBe(200);
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveTitle("You're offline · Tendly");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're offline");
  await expect(page.getByText("Nothing you entered is lost.")).toBeVisible();
  const tryAgain = page.getByRole("link", { name: "Try again" });
  await expect(tryAgain).toBeVisible();
  // The page stays at the address the person asked for, so "Try again" returns there.
  expect(page.url()).toMatch(/\/how-it-works\?from=offline-test$/);

  await context.setOffline(false);
  await tryAgain.click();
  await expect(page).toHaveURL(/\/how-it-works\?from=offline-test$/);
  await expect(page).not.toHaveTitle(/offline/i);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("You're offline");
});

test("the offline page fits a 390 px phone", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.goto("/services");
  const tryAgain = page.getByRole("link", { name: "Try again" });
  await expect(tryAgain).toBeInViewport();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
});

// Of the API, the worker answers only the notification list, and keeps it only beside a caregiver's day kept on the
// phone (tests/e2e/caregiver-offline-day.test.ts); it has no page of that day here.
test("the health check, the session API and development pages are not handled by the service worker", async ({
  page,
  context,
  a11y,
}) => {
  // Plain JSON answers, not pages.
  a11y.skipUrls.push(/\/(healthz|api\/)/);
  await page.goto("/");
  await waitForServiceWorkerControl(page);
  // While online they come from the network, never from the worker.
  for (const url of ["/healthz", "/api/auth/get-session", "/dev/mailbox"]) {
    const response = await page.goto(url);
    expect(response?.fromServiceWorker(), url).toBe(false);
  }
  await page.goto("/");
  await waitForServiceWorkerControl(page);

  // Offline, the browser's own error shows: the worker never answers for them.
  a11y.skipUrls.push(/^chrome-error:/);
  await context.setOffline(true);
  for (const url of ["/healthz", "/api/auth/get-session", "/dev/mailbox"]) {
    await expect(page.goto(url), url).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  }
});

test("nothing but the static shell is ever stored by the service worker", async ({ page }) => {
  await page.goto("/");
  await waitForServiceWorkerControl(page);
  // Visit pages and call the API while the worker is in control.
  await page.goto("/about");
  await page.goto("/services");
  await page.evaluate(async () => {
    await fetch("/healthz");
    await fetch("/api/auth/get-session");
  });

  const stored = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(stored).toContain("/offline.html");
  expect(stored).toContain("/manifest.webmanifest");
  expect(stored.some((url) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(url))).toBe(true);
  const unexpected = stored.filter(
    (url) =>
      // Translation files are static too: the same for everyone, named by their content
      // (docs/decisions/0041-what-a-page-carries.md).
      !/^\/(assets\/[\w.-]+\.(js|css)|icons\/[\w.-]+\.(png|svg)|favicon\.svg|offline\.html|manifest\.webmanifest|i18n\/[a-z]{2}\/[a-z-]+\.[0-9a-f]{12}\.json)$/.test(
        url,
      ),
  );
  expect(unexpected, "pages, API answers or health checks in the service worker's caches").toEqual([]);
});
