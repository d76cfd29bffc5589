import type { Page } from "@playwright/test";
import { expect, loginAs, MOBILE, test } from "./fixtures";
import { waitForHydration } from "./chrome-helpers";
import { allowMotion, recordCarouselChanges } from "./public-helpers";
import { TIMEOUTS } from "./timeouts";

// A public reading page read signed out starts its scripts on the first interaction
// (docs/decisions/0055-public-pages-start-on-interaction.md): until then the page is its HTML alone; a press
// on a control made before the scripts answer is made again once they do. The home page waits too, its clip and
// carousels moving without scripts (docs/decisions/0056-the-home-page-starts-on-interaction.md); every page of a
// signed-in person starts at once.

/** The scripts the page has asked for so far. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(request.url());
  });
  return urls;
}

/** The page's own document requests so far: the first load, then one per reload. */
function documentRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(request.url());
  });
  return urls;
}

/** The page has loaded and had time to do whatever it does on its own. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

test("a signed-out visitor's services page asks for no script until they act, and the header's menu opens on the first press", async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  await page.goto("/services");
  await settled(page);
  expect(scripts).toEqual([]);
  expect(await isHydrated(page)).toBe(false);
  await expect(page.getByRole("heading", { level: 1, name: "Our Services" })).toBeVisible();
  // Styled from a linked style sheet rather than one carried in the page.
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
  await expect(page.locator("style[data-href]")).toHaveCount(0);
  await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");

  // The press comes before React runs the page: it is kept and made again.
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Personal Care" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(await isHydrated(page)).toBe(true);
  // Hydrated, the page keeps its one linked style sheet.
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
});

test("a key press starts a profile's scripts, and the page's links work before they have", async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto("/caregiver/jordan-rivera");
  await settled(page);
  expect(scripts).toEqual([]);
  // A link followed before any script: the browser's own navigation.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "About Tendly" })).toBeVisible();
  await settled(page);
  expect(await isHydrated(page)).toBe(false);
  // Tab moves to the skip link as it would on any page, and the scripts start.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  expect(scripts.length).toBeGreaterThan(0);
});

test.describe("on a phone", () => {
  test.use(MOBILE);

  test("the first tap on the menu button opens the menu", async ({ page }) => {
    await page.goto("/providers?lang=es");
    await settled(page);
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Servicios" })).toBeVisible();
  });
});

test("before any script the home page's clip plays and its carousels move; the first interaction hands each to Embla at the slide it reached", async ({
  page,
}) => {
  await allowMotion(page);
  const recorded = await recordCarouselChanges(page, "Trust and safety checks");
  const scripts = scriptRequests(page);
  await page.goto("/");
  await settled(page);
  await expect(page.getByTestId("hero-video")).toHaveJSProperty("paused", false);
  await expect(page.getByRole("button", { name: "Pause background video" })).toBeVisible();

  // Trust and safety (every 3000 ms) moves by the style sheet alone.
  const trust = page.getByRole("region", { name: "Trust and safety checks" });
  const track = trust.locator("[data-carousel-track]");
  const motion = () =>
    track.evaluate((element) => {
      const [animation] = element.getAnimations();
      return {
        time: Number(animation?.currentTime ?? 0),
        perView: Number(getComputedStyle(element).getPropertyValue("--per-view")),
        count: element.children.length,
        shift: new DOMMatrix(getComputedStyle(element).transform).m41,
      };
    });
  // Past its first interval and on the second slide (a move takes 500 ms).
  await expect.poll(async () => (await motion()).time, { timeout: TIMEOUTS.background }).toBeGreaterThan(3_000);
  await expect.poll(async () => (await motion()).shift).toBeLessThan(0);
  // Its own stop control is there before the scripts too (WCAG 2.2.2).
  await expect(trust.getByRole("button", { name: "Stop automatic slides" })).toBeVisible();
  expect(scripts).toEqual([]);
  expect(await isHydrated(page)).toBe(false);

  // Held where it is, the first key press starts the scripts, and Embla starts on that slide.
  await track.evaluate((element) => element.getAnimations().forEach((animation) => animation.pause()));
  const held = await motion();
  const round = held.time % (held.count * 3000);
  const reached = Math.min(Math.floor((round + 250) / 3000) % held.count, Math.max(0, held.count - held.perView));
  expect(reached).toBeGreaterThan(0);
  await page.keyboard.press("Shift");
  await expect(trust).toHaveAttribute("data-carousel-state", "playing");
  const firstIndex = (await recorded.changes()).find((change) => change.name === "data-carousel-index");
  expect(firstIndex?.value).toBe(String(reached));
  expect(scripts.length).toBeGreaterThan(0);
});

test("with reduced motion, before any script, the home page's clip is not even asked for and its carousels stand still", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const clips: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/media/hero")) clips.push(request.url());
  });
  await page.goto("/");
  await settled(page);
  expect(await isHydrated(page)).toBe(false);
  expect(clips).toEqual([]);
  await expect(page.getByTestId("hero-video")).toHaveJSProperty("paused", true);
  await expect(page.getByRole("button", { name: "Play background video" })).toBeVisible();
  const trust = page.getByRole("region", { name: "Trust and safety checks" });
  await expect(trust.locator("[data-carousel-track]")).toHaveCSS("transform", "none");
  // Nothing moves, so there is nothing to stop.
  await expect(trust.getByRole("button", { name: "Stop automatic slides" })).toBeHidden();
});

test("a signed-in person's services page starts at once", async ({ page }) => {
  await loginAs(page, "client");
  const scripts = scriptRequests(page);
  await page.goto("/services");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  expect(scripts.length).toBeGreaterThan(0);
});

for (const [what, file] of [
  ["the client entry", /\/assets\/entry\.client-[^/]+\.js$/],
  ["a route module", /\/assets\/root-[^/]+\.js$/],
] as const) {
  test(`a page whose scripts are gone when it starts (a release since it was loaded) is loaded again, once: ${what}`, async ({
    page,
  }) => {
    // The file is refused to the page as first loaded, as a file the new release removed would be.
    let refused = 0;
    const documents = documentRequests(page);
    await page.route(file, async (route) => {
      if (documents.length <= 1) {
        refused += 1;
        await route.fulfill({ status: 404, body: "Not Found" });
      } else await route.continue();
    });
    await page.goto("/about");
    await settled(page);
    await page.evaluate(() => {
      (window as unknown as { firstDocument: boolean }).firstDocument = true;
    });
    const reloaded = page.waitForEvent("load");
    await page.keyboard.press("Shift");
    await reloaded;
    expect(refused).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { firstDocument?: boolean }).firstDocument)).toBeUndefined();
    // The page loaded again starts as any other.
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "About Tendly" })).toBeVisible();
  });
}

test("scripts that stay gone load the page again only once", async ({ page }) => {
  const documents = documentRequests(page);
  await page.route(/\/assets\/root-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: "Not Found" }));
  await page.goto("/about");
  await settled(page);
  const reloaded = page.waitForEvent("load");
  await page.keyboard.press("Shift");
  await reloaded;
  await settled(page);
  expect(documents).toHaveLength(2);
  // The second failure leaves the page as it is: still readable, its links working.
  await page.keyboard.press("Shift");
  await settled(page);
  expect(documents).toHaveLength(2);
  await expect(page.getByRole("heading", { level: 1, name: "About Tendly" })).toBeVisible();
});

test("the helper the other tests use starts a waiting page", async ({ page }) => {
  await page.goto("/blog");
  await waitForHydration(page);
  expect(await isHydrated(page)).toBe(true);
});
