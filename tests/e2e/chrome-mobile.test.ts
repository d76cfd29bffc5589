import { expect, loginAs, MOBILE, test } from "./fixtures";
import { gotoHydrated, setModeOverride } from "./chrome-helpers";

// The chrome (docs/product-rules.md, "Public site and header") on a 390 px phone: the hamburger drawer, the floating Care
// booking button and the full-screen notification panel.
test.use(MOBILE);

test("signed in, the hamburger opens a drawer with the person's card and role menu; navigating closes it", async ({
  page,
  a11y,
}) => {
  await loginAs(page, "caregiver");
  await gotoHydrated(page, "/caregiver");
  // The desktop links give way to the hamburger.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box!.x + box!.width).toBe(390);
  expect(box!.width).toBeLessThanOrEqual(390);
  await expect(drawer).toContainText("caregiver@demo.tendly.test");
  await expect(drawer.locator("[data-role-badge]")).toHaveText("Caregiver");
  const account = drawer.getByRole("navigation", { name: "My Account" });
  await expect(account.getByRole("link")).toHaveText([
    "Dashboard",
    "Offers & Orders",
    "Schedule",
    "Time off",
    "Clients",
    "Earnings",
    "Training",
    "Credentials",
    "Messages",
    "Profile",
    "Settings",
  ]);
  await expect(drawer.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Larger" })).toBeVisible();
  await a11y.check("drawer open");

  await account.getByRole("link", { name: "Schedule" }).click();
  await expect(page).toHaveURL(/\/caregiver\/schedule$/);
  await expect(drawer).toBeHidden();

  // The site links are there too, and Escape closes the drawer.
  await page.getByRole("button", { name: "Open menu" }).click();
  const site = drawer.getByRole("navigation", { name: "Site" });
  await expect(site.getByRole("link", { name: "Find Care" })).toHaveAttribute("href", "/request");
  await expect(site.getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/caregiver/messages");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
});

test("signed out, the drawer offers Sign in and Register and the site links", async ({ page }) => {
  await gotoHydrated(page, "/about");
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  await expect(drawer.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
  await expect(drawer.getByRole("navigation", { name: "My Account" })).toHaveCount(0);
  await drawer.getByRole("link", { name: "Companionship" }).click();
  await expect(page).toHaveURL(/\/services#companionship$/);
  await expect(drawer).toBeHidden();
});

test("the drawer's Sign Out signs out with the toast and lands on the app login", async ({ page }) => {
  await loginAs(page, "client");
  await gotoHydrated(page, "/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("You have been logged out")).toBeVisible();
  // A phone (390 px, mobile user agent) goes to the mobile-app login.
  await expect(page).toHaveURL(/\/login\/pwa$/);
});

test("a stored desktop override sends a phone to the desktop login on Sign Out", async ({ page, context }) => {
  await loginAs(page, "client");
  await setModeOverride(context, "desktop");
  await gotoHydrated(page, "/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("You have been logged out")).toBeVisible();
  await expect(page).toHaveURL(/\/login\/desktop$/);
});

test("the floating Book care button shows on public pages and opens the request form", async ({ page }) => {
  await gotoHydrated(page, "/");
  const button = page.getByRole("link", { name: "Book care" });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await button.click();
  await expect(page).toHaveURL(/\/request\/client-info$/);
  // Not on the request form itself, nor in the areas.
  await expect(page.getByRole("link", { name: "Book care" })).toHaveCount(0);
});

test("the floating Book care button stays out of the client area", async ({ page }) => {
  await loginAs(page, "client");
  await gotoHydrated(page, "/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book care" })).toHaveCount(0);
});

test("the notification panel fills a phone screen", async ({ page, a11y }) => {
  await loginAs(page, "client");
  await gotoHydrated(page, "/dashboard");
  await page.getByRole("button", { name: "Notifications", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel.getByText("All caught up!")).toBeVisible();
  expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await a11y.check("notification panel on a phone");
  await panel.getByRole("button", { name: "Close notifications" }).click();
  await expect(panel).toBeHidden();
});

test("nothing overflows the 390 px screen", async ({ page }) => {
  for (const path of ["/", "/about"]) {
    await gotoHydrated(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
