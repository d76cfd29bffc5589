import { expect, test, type BrowserContext, type Page } from "@playwright/test";

// The page's controls need React: wait until its first render has committed
// (app/root.tsx marks <html data-hydrated>). A fibre on the header is not
// enough: it is attached while the render runs, before the page below it is
// rendered and its handlers are live; a click in between could be lost.
//
// A public page read signed out starts its scripts on the first interaction (docs/decisions/0055-public-pages-start-on-interaction.md):
// one the page ignores is made first, a press of Shift.
export async function waitForHydration(page: Page) {
  const waits = await page.evaluate(
    () => document.documentElement.dataset.boot === "on-interaction" && !document.documentElement.dataset.hydrated,
  );
  if (waits) await page.keyboard.press("Shift");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export async function reloadHydrated(page: Page) {
  await page.reload();
  await waitForHydration(page);
}

/**
 * Resolves with the response to the save of one display preference (for
 * example `textSize=normal`). Waiting for that exact body matters: a value
 * chosen while an earlier save is in flight is sent only after it, so the
 * next response to /api/preferences may still be the earlier one.
 */
export function preferenceSaved(page: Page, field: string, value: string) {
  return page.waitForResponse((r) => {
    const request = r.request();
    // A fetcher posts to the route's data URL (/api/preferences.data).
    if (!new URL(r.url()).pathname.startsWith("/api/preferences") || request.method() !== "POST") return false;
    return new URLSearchParams(request.postData() ?? "").get(field) === value;
  });
}

/** Stores the app-mode override as the accessibility panel would. */
export async function setModeOverride(context: BrowserContext, mode: "mobile" | "desktop") {
  const { hostname } = new URL(test.info().project.use.baseURL!);
  await context.addCookies([{ name: "tendly-mode-override", value: mode, domain: hostname, path: "/" }]);
}

/** Signs out through the header's account menu, as a person does, and waits for the toast that says so. */
export async function signOutFromAccountMenu(page: Page) {
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Account menu for / })
    .click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByText("You have been logged out")).toBeVisible();
}
