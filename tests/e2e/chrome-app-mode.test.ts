import { expect, MOBILE, test } from "./fixtures";
import { gotoHydrated, preferenceSaved } from "./chrome-helpers";

// App mode (docs/product-rules.md, "App mode and display preferences"): detected from the browser (width, standalone, mobile
// device) and known to the server, so /login goes straight to the right page;
// a stored override (mobile or desktop) wins over detection.

test("a desktop browser signs in on the desktop page", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveURL(/\/login\/desktop$/);
});

test.describe("on a phone", () => {
  test.use(MOBILE);

  test("the first request already goes to the app-mode login", async ({ page }) => {
    // No cookie yet: the server goes by the mobile user agent.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/login\/pwa$/);
  });

  test("the Desktop override is stored and wins over detection", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await expect(page.getByRole("link", { name: "Book care" })).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog");
    const saved = preferenceSaved(page, "modeOverride", "desktop");
    await drawer.getByText("Desktop", { exact: true }).click();
    expect((await saved).status()).toBe(200);
    await expect(drawer.getByRole("radio", { name: "Desktop" })).toBeChecked();

    await page.goto("/login");
    await expect(page).toHaveURL(/\/login\/desktop$/);
    await gotoHydrated(page, "/about");
    await expect(page.getByRole("link", { name: "Book care" })).toHaveCount(0);
  });
});

test("a narrow desktop window counts as mobile once the browser has reported it", async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto("/about");
  await page.goto("/login");
  await expect(page).toHaveURL(/\/login\/pwa$/);
});

test("the Mobile app override turns a desktop browser into app mode", async ({ page }) => {
  await gotoHydrated(page, "/about");
  await expect(page.getByRole("link", { name: "Book care" })).toHaveCount(0);
  await page.getByRole("button", { name: "Accessibility" }).click();
  const panel = page.getByRole("dialog", { name: "Accessibility" });
  const saved = preferenceSaved(page, "modeOverride", "mobile");
  await panel.getByText("Mobile app", { exact: true }).click();
  expect((await saved).status()).toBe(200);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Book care" })).toBeVisible();

  await page.goto("/login");
  await expect(page).toHaveURL(/\/login\/pwa$/);

  await gotoHydrated(page, "/about");
  await page.getByRole("button", { name: "Accessibility" }).click();
  await panel.getByText("Automatic", { exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Book care" })).toHaveCount(0);
});
