import { expect, loginAs, test, ROLE_SCREENS, type DemoRole } from "./fixtures";
import type { Page } from "@playwright/test";
import { createClientAccount } from "./account-helpers";
import { gotoHydrated, setModeOverride, signOutFromAccountMenu } from "./chrome-helpers";

// The header (docs/product-rules.md, "Public site and header") on a desktop screen: links, the Services menu by keyboard,
// the scroll style, signed-out buttons, the bell's panel, the avatar menu and
// Sign Out.

test("desktop header links and the Services menu work from the keyboard", async ({ page, a11y }) => {
  await gotoHydrated(page, "/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  const expected: [string, string][] = [
    ["Home", "/"],
    ["Providers", "/providers"],
    ["Find Care", "/request"],
    ["Resources", "/blog"],
    ["About", "/about"],
    ["Messages", "/"],
  ];
  for (const [name, href] of expected) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(page.getByRole("link", { name: "Tendly", exact: true }).first()).toHaveAttribute("href", "/");

  // Tab from Home reaches Services; Enter opens it with the first item focused.
  await nav.getByRole("link", { name: "Home" }).focus();
  await page.keyboard.press("Tab");
  const services = nav.getByRole("button", { name: "Services" });
  await expect(services).toBeFocused();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Personal Care",
    "Companionship",
    "Housekeeping",
    "All services",
  ]);
  await expect(menu.getByRole("menuitem", { name: "Personal Care" })).toBeFocused();
  await a11y.check("Services menu open");

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(services).toBeFocused();

  // Arrow keys move through the items; Enter follows the link and closes the menu.
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Personal Care" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Companionship" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/services#companionship$/);
  await expect(menu).toBeHidden();
  // The services page is shown before the menu is opened again, as a person sees it first.
  await expect(page.getByRole("heading", { level: 1, name: "Our Services" })).toBeVisible();

  await services.click();
  await menu.getByRole("menuitem", { name: "All services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Services/);
});

test("a skip link leads past the header to the main content", async ({ page }) => {
  await gotoHydrated(page, "/about");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test("the header changes style after scrolling past 20 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await gotoHydrated(page, "/about");
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  const shadowAtTop = await header.evaluate((element) => getComputedStyle(element).boxShadow);

  await page.evaluate(() => window.scrollTo(0, 15));
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await expect(header).toHaveAttribute("data-scrolled", "false");

  await page.evaluate(() => window.scrollTo(0, 80));
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect.poll(() => header.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe(shadowAtTop);
  // Still at the top of the window: the header is sticky.
  expect((await header.boundingBox())?.y).toBe(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("signed out, the header offers Sign in and Register and no account controls", async ({ page }) => {
  await gotoHydrated(page, "/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  await expect(header.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
  await expect(header.getByRole("button", { name: /^Notifications/ })).toHaveCount(0);
  await expect(header.getByRole("button", { name: /Account menu/ })).toHaveCount(0);
  // Messages leads to / when signed out; only Home is marked as the current page.
  const main = header.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Messages" })).not.toHaveAttribute("aria-current", "page");
  await expect(main.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

  await header.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login\/desktop/);
  await page.getByRole("banner").getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("a link keeps the page it leaves until the next page's translations are here, then both change together", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  // The registration page's own file (the home does not use it) is held until released.
  const { promise: held, resolve: release } = Promise.withResolvers<void>();
  await page.route(/\/i18n\/en\/auth\.[0-9a-f]+\.json$/, async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest(/\/i18n\/en\/auth\.[0-9a-f]+\.json$/);
  await page.getByRole("banner").getByRole("link", { name: "Register" }).click();
  await asked;
  // While it is on its way: the address and the page are still the home's (the home's links would
  // otherwise still answer under the registration page's address).
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Create Account/);
  release();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
});

test("a signed-in page links the style sheet and keeps it through client-side navigation; the caregiver's day carries it", async ({
  page,
}) => {
  const appSheet = /\/assets\/app-[\w-]+\.css$/;
  const sheetRequests: string[] = [];
  page.on("request", (request) => {
    if (appSheet.test(new URL(request.url()).pathname)) sheetRequests.push(request.url());
  });
  // Signed in, a page sent whole links the sheet (docs/decisions/0057-what-a-signed-in-page-costs.md).
  await loginAs(page, "client");
  await gotoHydrated(page, "/dashboard");
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/app-"]')).toHaveCount(1);
  await expect(page.locator("style[data-href]")).toHaveCount(0);
  await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", "700");
  await page.getByRole("banner").getByRole("link", { name: "Messages", exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/messages$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", "700");
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/app-"]')).toHaveCount(1);
  expect(sheetRequests).toHaveLength(1);

  // The caregiver's day, kept by the service worker for use offline, carries it: kept, it shows as it was also
  // after a release has replaced the file.
  await loginAs(page, "caregiver");
  await gotoHydrated(page, "/caregiver");
  await expect(page.locator("style[data-href]")).toHaveCount(1);
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/app-"]')).toHaveCount(0);
  expect(sheetRequests).toHaveLength(1);
});

test("signed in, the bell opens the notification panel with its empty state", async ({ page, a11y }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // A new account: the demo client collects notifications from the other tests.
  await createClientAccount(page);
  await gotoHydrated(page, "/dashboard");
  const bell = page.getByRole("banner").getByRole("button", { name: "Notifications", exact: true });
  await bell.click();

  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("0 new notifications");
  await expect(panel.getByText("All caught up!")).toBeVisible();
  await expect(panel.getByText("You're all set! New notifications will appear here when they arrive.")).toBeVisible();
  await expect(panel.getByRole("button", { name: /Mark all read/ })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Notification settings" })).toHaveAttribute(
    "href",
    "/dashboard/settings?tab=notifications",
  );
  const chips = panel.getByRole("group", { name: "Show notifications" }).getByRole("button");
  await expect(chips).toHaveText([
    "All0",
    "Unread0",
    "Orders0",
    "Payments0",
    "Caregivers0",
    "Schedule0",
    "Messages0",
    "System0",
  ]);
  await expect(chips.first()).toHaveAttribute("aria-pressed", "true");
  await chips.nth(1).click();
  await expect(chips.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(panel.getByText("All caught up!")).toBeVisible();

  const box = await panel.boundingBox();
  expect(box?.width).toBe(420);
  expect(box?.height).toBe(720);
  await a11y.check("notification panel open");

  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // A click outside closes it too. The panel starts listening for clicks outside from a timer once it has
  // opened, and Chromium runs input before timers: wait for that timer's turn, as no hand is that quick.
  await bell.click();
  await expect(panel).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.mouse.click(200, 600);
  await expect(panel).toBeHidden();

  // The settings shortcut leads to the notifications tab and closes the panel.
  await bell.click();
  await panel.getByRole("link", { name: "Notification settings" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=notifications$/);
  await expect(panel).toBeHidden();
});

const MY_ACCOUNT: Record<DemoRole, { home: string; badge: string; messages: string; tiles: string[] }> = {
  client: {
    home: "/dashboard",
    badge: "Client",
    messages: "/dashboard/messages",
    tiles: ROLE_SCREENS.client,
  },
  caregiver: {
    home: "/caregiver",
    badge: "Caregiver",
    messages: "/caregiver/messages",
    tiles: ROLE_SCREENS.caregiver,
  },
  admin: {
    home: "/admin",
    badge: "Admin",
    messages: "/dashboard/messages",
    tiles: ROLE_SCREENS.admin,
  },
};

for (const role of ["client", "caregiver", "admin"] as const) {
  test(`the ${role}'s avatar menu shows who is signed in and the My Account tiles`, async ({ page, a11y }) => {
    const expected = MY_ACCOUNT[role];
    await loginAs(page, role);
    await gotoHydrated(page, expected.home);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Messages" })).toHaveAttribute("href", expected.messages);

    await header.getByRole("button", { name: /^Account menu for / }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText(`${role}@demo.tendly.test`);
    await expect(menu.locator("[data-role-badge]")).toHaveText(expected.badge);
    await expect(menu).toContainText("My Account");
    const tiles = menu.locator("a[role=menuitem]");
    expect(await tiles.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(expected.tiles);
    await expect(tiles.last()).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toBeVisible();
    await a11y.check("avatar menu open");

    // A tile navigates and the menu closes.
    await menu.locator(`a[href="${expected.tiles[1]}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${expected.tiles[1]}$`));
    await expect(menu).toBeHidden();
  });
}

test("Sign Out ends the session, shows the toast and lands on the desktop login", async ({ page }) => {
  await loginAs(page, "client");
  await gotoHydrated(page, "/dashboard/billing");
  await signOutFromAccountMenu(page);
  // On logout, the desktop login outside app mode.
  await expect(page).toHaveURL(/\/login\/desktop$/);

  // The session really ended: the area sends the visitor to sign in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\/desktop\?redirectTo=%2Fdashboard/);
});

test("Sign Out works from the keyboard", async ({ page }) => {
  await loginAs(page, "caregiver");
  await gotoHydrated(page, "/caregiver");
  const trigger = page.getByRole("banner").getByRole("button", { name: /^Account menu for / });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Sign Out" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("You have been logged out")).toBeVisible();
  await expect(page).toHaveURL(/\/login\/desktop$/);
});

test("the role menu beside the area's pages signs out too", async ({ page }) => {
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/users");
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("You have been logged out")).toBeVisible();
  await expect(page).toHaveURL(/\/login\/desktop$/);
});

test("a stored mobile override sends a desktop user to the app login on Sign Out", async ({ page, context }) => {
  await loginAs(page, "admin");
  await setModeOverride(context, "mobile");
  await gotoHydrated(page, "/admin");
  await signOutFromAccountMenu(page);
  await expect(page).toHaveURL(/\/login\/pwa$/);
});

/** What is wrong with the header's row at this width, if anything: items overlapping, or past its edge. */
function headerProblem(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector("header > div")!;
    const items = [...row.children].filter((item) => getComputedStyle(item).display !== "none");
    let previousRight = row.getBoundingClientRect().left;
    for (const item of items) {
      const { left, right } = item.getBoundingClientRect();
      if (left < previousRight - 0.5) return `${item.tagName.toLowerCase()} overlaps the item before it`;
      previousRight = right;
    }
    const controls = [...row.querySelectorAll<HTMLElement>("a, button")].filter((control) => control.offsetParent);
    const widest = Math.max(...controls.map((control) => control.getBoundingClientRect().right));
    if (widest > window.innerWidth) return `a control ends at ${Math.round(widest)} px`;
    if (row.scrollWidth > row.clientWidth) return "the row scrolls";
    return null;
  });
}

// Spanish labels are longer, and the accessibility text sizes grow every label while
// media queries stay in pixels: at each width either the links fit or they wait in the drawer.
for (const locale of ["en-US", "es-US"]) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test("the header fits at every width and text size", async ({ page }) => {
      await page.goto("/");
      for (const size of ["normal", "large", "x-large"]) {
        await page.evaluate((textSize) => (document.documentElement.dataset.textSize = textSize), size);
        for (const width of [390, 640, 1023, 1024, 1279, 1280, 1535, 1536, 1920]) {
          await page.setViewportSize({ width, height: 800 });
          expect.soft(await headerProblem(page), `${size} text at ${width} px`).toBeNull();
          const linksShown = await page.getByRole("navigation", { name: /Main|Principal/ }).isVisible();
          const menuShown = await page.getByRole("button", { name: /Open menu|Abrir menú/ }).isVisible();
          expect.soft(linksShown !== menuShown, `${size} text at ${width} px: the links or the menu button`).toBe(true);
        }
      }
    });
  });
}
