import { gotoHydrated } from "./chrome-helpers";
import { expect, loginAs, MOBILE, test } from "./fixtures";

// Caregiver status (docs/product-rules.md, "Areas, roles and redirects"): caregivers whose application is pending review, or whose account
// is suspended, see their status screen instead of any /caregiver page, with
// Contact Support and Sign Out, inside the usual chrome.

test("a pending caregiver sees what to expect on every caregiver page, also after client-side navigation", async ({
  page,
}) => {
  await loginAs(page, "pending-caregiver");
  const response = await gotoHydrated(page, "/caregiver/orders");
  expect(response?.status()).toBe(403);
  await expect(page).toHaveURL(/\/caregiver\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your application is pending review" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What to expect" })).toBeVisible();
  await expect(page.getByText("Background check processing: 5-7 business days")).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
  // The support contact: phone and email links.
  await expect(page.getByRole("main").getByRole("link", { name: "support@tendly.test" })).toHaveAttribute(
    "href",
    "mailto:support@tendly.test",
  );
  await expect(page).toHaveTitle("Application pending review | Tendly");
  // The chrome is there (the person is signed in) but not the caregiver area's menu.
  await expect(page.getByRole("banner").getByRole("button", { name: "Account menu for Parker Pending" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Caregiver menu" })).toHaveCount(0);

  // A client-side navigation into the area (the header's Messages link) is refused too.
  await gotoHydrated(page, "/about");
  await page.getByRole("banner").getByRole("link", { name: "Messages" }).click();
  await expect(page).toHaveURL(/\/caregiver\/messages$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your application is pending review" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Caregiver menu" })).toHaveCount(0);
});

test("a suspended caregiver sees Account Suspended and can sign out from it", async ({ page }) => {
  await loginAs(page, "suspended-caregiver");
  await gotoHydrated(page, "/caregiver");
  await expect(page.getByRole("heading", { level: 1, name: "Account Suspended" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Support" })).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("You have been logged out")).toBeVisible();
  await expect(page).toHaveURL(/\/login\/desktop$/);
  await page.goto("/caregiver");
  await expect(page).toHaveURL(/\/login\/desktop\?redirectTo=%2Fcaregiver$/);
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("the status screen fits and Sign Out lands on the app login", async ({ page }) => {
    await loginAs(page, "pending-caregiver");
    await gotoHydrated(page, "/caregiver/schedule");
    const heading = page.getByRole("heading", { level: 1, name: "Your application is pending review" });
    await expect(heading).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByText("You have been logged out")).toBeVisible();
    await expect(page).toHaveURL(/\/login\/pwa$/);
  });
});
