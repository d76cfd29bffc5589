import { test, type BrowserContext, type Page } from "@playwright/test";

// The chrome's menus and panels need React: wait until the header has
// hydrated (React has attached its fiber to the element) before using them.
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const header = document.querySelector("header");
    return !!header && Object.keys(header).some((key) => key.startsWith("__reactFiber"));
  });
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

/** Stores the app-mode override (spec 2.7) as the accessibility panel would. */
export async function setModeOverride(context: BrowserContext, mode: "mobile" | "desktop") {
  const { hostname } = new URL(test.info().project.use.baseURL!);
  await context.addCookies([{ name: "tendly-mode-override", value: mode, domain: hostname, path: "/" }]);
}
