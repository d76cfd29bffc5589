import { expect, loginAs, test } from "./fixtures";
import { gotoHydrated } from "./chrome-helpers";

// The footer (docs/product-rules.md, "Public site and header"), where it shows, and the desktop side of the floating
// Care booking button.

test("the footer shows its links, contact details, offices, newsletter box and social link on /about", async ({
  page,
}) => {
  await gotoHydrated(page, "/about");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toBeVisible();
  const hrefs = await footer.locator("nav a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs).toEqual([
    "/",
    "/services",
    "/providers",
    "/request",
    "/become-caregiver",
    "/blog",
    "/contact",
    "/privacy",
    "/terms",
    "/accessibility",
  ]);
  await expect(footer.getByRole("link", { name: "Find Care" })).toHaveAttribute("href", "/request");
  await expect(footer.getByRole("link", { name: "Support Chat" })).toHaveAttribute("href", "/contact");

  // Phone and email come from the server's configuration.
  await expect(footer.locator('a[href^="tel:"]')).toHaveText(/\d{3}.*\d{4}/);
  await expect(footer.locator('a[href^="mailto:"]')).toHaveText(/@/);

  const offices = footer.locator('a[href^="https://www.google.com/maps/search/?api=1&query="]');
  await expect(offices).toHaveCount(2);
  for (const office of await offices.all()) {
    await expect(office).toHaveAttribute("target", "_blank");
    await expect(office).toHaveAttribute("rel", /noopener/);
  }
  await expect(offices.first()).toHaveAttribute("href", /233%20S%20Wacker%20Dr/);

  await expect(footer.getByRole("link", { name: "Tendly on Facebook" })).toHaveAttribute(
    "href",
    "https://www.facebook.com/",
  );

  const email = footer.getByLabel("Email address");
  await expect(email).toBeVisible();
  await email.fill(`pat-${Date.now()}@example.com`);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  // Double opt-in: the address is only added once its owner confirms (see public-contact.test.ts).
  await expect(footer.getByText("Almost done: check your inbox and confirm your subscription.")).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
});

test("the newsletter box refuses an address that is not an email", async ({ page }) => {
  await gotoHydrated(page, "/about");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Email address").fill("not-an-email");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await footer.getByLabel("Email address").evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(
    false,
  );
});

test("the footer is hidden on /request/client-info and in the client area", async ({ page }) => {
  await gotoHydrated(page, "/request/client-info");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  await loginAs(page, "client");
  await gotoHydrated(page, "/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  // Still shown on public pages when signed in.
  await gotoHydrated(page, "/about");
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("the floating Book care button does not show on a desktop screen", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book care" })).toHaveCount(0);
});

test("pages start at the top after a link, and back/forward restores the position", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await gotoHydrated(page, "/about");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bottom = await page.evaluate(() => window.scrollY);
  expect(bottom).toBeGreaterThan(100);

  // The sticky header stays in view, so its link is clicked without scrolling.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Providers" }).click();
  await expect(page).toHaveURL(/\/providers$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(bottom);
});
