import type { Page } from "@playwright/test";

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
