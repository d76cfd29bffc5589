import { expect, MOBILE, test } from "./fixtures";
import { allowMotion, recordCarouselChanges, watchConsole } from "./public-helpers";
import { waitForHydration } from "./chrome-helpers";
import { TIMEOUTS } from "./timeouts";

// The home page (docs/product-rules.md, "Public site and header"): seven sections in order with their calls to
// action, carousels that move on their own and stop under the pointer, the
// background video and its failure state.

const SECTION_ORDER = ["hero", "trust", "services", "how-it-works", "impact", "providers", "testimonials"];

test("home shows the seven sections in order with their calls to action", async ({ page }) => {
  const console = watchConsole(page);
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Trusted in-home care for the people you love" }),
  ).toBeVisible();
  const order = await page
    .locator("[data-home-section]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-home-section")));
  expect(order).toEqual(SECTION_ORDER);

  const hero = page.locator('[data-home-section="hero"]');
  await expect(hero.getByRole("link", { name: "Find Care Now" })).toHaveAttribute("href", "/request");
  await expect(hero.getByRole("link", { name: "Join as Caregiver" })).toHaveAttribute("href", "/become-caregiver");
  await expect(hero.getByRole("button", { name: "Play with sound" })).toBeVisible();

  const trust = page.locator('[data-home-section="trust"]');
  await expect(trust.getByText("Felonies are checked over the past 10 years")).toBeVisible();
  await expect(trust.getByRole("link", { name: "How we keep you safe" })).toHaveAttribute("href", "/safety-and-trust");
  await expect(trust.getByRole("link", { name: "Request care" })).toHaveAttribute("href", "/request");

  const services = page.locator('[data-home-section="services"]');
  await expect(services.getByRole("link", { name: "Meal Preparation" })).toHaveAttribute(
    "href",
    "/services#meal-preparation",
  );

  const how = page.locator('[data-home-section="how-it-works"]');
  await expect(how.getByRole("link", { name: "Start your care request" })).toHaveAttribute("href", "/request");
  await how.getByRole("button", { name: "I am a Caregiver" }).click();
  await expect(how.getByRole("button", { name: "I am a Caregiver" })).toHaveAttribute("aria-pressed", "true");
  await expect(how.getByText("about 2 minutes")).toBeVisible();
  await expect(how.getByRole("link", { name: "Start your application" })).toHaveAttribute(
    "href",
    "/register/caregiver",
  );

  const impact = page.locator('[data-home-section="impact"]');
  await expect(impact.getByText("1000+")).toBeVisible();
  await expect(impact.getByText("languages spoken")).toBeVisible();
  await expect(impact.getByRole("link", { name: "Get care for your family" })).toHaveAttribute("href", "/request-care");

  // Meet Our Providers: real approved caregivers from the database, best rated first.
  const providers = page.locator('[data-home-section="providers"]');
  const firstCard = providers.getByRole("article").first();
  await expect(firstCard.getByRole("link")).toHaveAttribute("href", /^\/caregiver\/[a-z0-9-]+$/);
  // A rating only from families' reviews: the seeded caregivers have none yet.
  await expect(firstCard.getByText(/out of 5|New to Tendly/)).toBeVisible();
  await expect(providers.getByRole("link", { name: "Request a caregiver" })).toHaveAttribute("href", "/request");

  const testimonials = page.locator('[data-home-section="testimonials"]');
  await expect(testimonials.getByText("4.9/5")).toBeVisible();
  await expect(testimonials.getByText("from 100+ families")).toBeVisible();
  await expect(testimonials.getByRole("link", { name: "Find care" })).toHaveAttribute("href", "/find-care");
  await expect(testimonials.getByRole("link", { name: "Become a caregiver" })).toHaveAttribute(
    "href",
    "/become-caregiver",
  );
  console.expectNone();
});

test("a provider card opens that caregiver's public profile", async ({ page }) => {
  await page.goto("/");
  const card = page.locator('[data-home-section="providers"]').getByRole("article").first();
  const name = (await card.getByRole("heading").textContent())!;
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/caregiver\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("carousels advance on their own and pause under the pointer", async ({ page }) => {
  await allowMotion(page);
  // The page's clock runs on its own, and can be moved on at once to show that nothing moves in a pause.
  await page.clock.install();
  const recorded = await recordCarouselChanges(page, "Trust and safety checks");
  await page.goto("/");
  await waitForHydration(page);
  const trust = page.getByRole("region", { name: "Trust and safety checks" });
  await expect(trust).toHaveAttribute("data-carousel-state", "playing");
  // Trust and safety moves every 3000 ms once it plays: never sooner, timed on the page's own clock. On a
  // machine busy with other tests the page's timers can fire seconds late (they wait for its main thread),
  // and this test's polling later still, so the first move is looked for in what the page recorded.
  const firstMove = async () => {
    const changes = await recorded.changes();
    const playing = changes.find((change) => change.name === "data-carousel-state" && change.value === "playing");
    const moved = changes.find((change) => change.name === "data-carousel-index" && change.value === "1");
    return playing && moved ? moved.at - playing.at : null;
  };
  await expect.poll(firstMove, { timeout: TIMEOUTS.background }).not.toBeNull();
  expect(await firstMove()).toBeGreaterThanOrEqual(2900);

  await trust.hover();
  await expect(trust).toHaveAttribute("data-carousel-state", "paused");
  const index = await trust.getAttribute("data-carousel-index");
  // More than one whole interval passes on the page's clock: still the same slide.
  await page.clock.runFor(3500);
  await expect(trust).toHaveAttribute("data-carousel-index", index!);

  await page.mouse.move(0, 0);
  await expect(trust).toHaveAttribute("data-carousel-state", "playing");
  await trust.getByRole("button", { name: "Next slide" }).focus();
  await expect(trust).toHaveAttribute("data-carousel-state", "paused");
});

test("a carousel far down the page starts when it comes near the screen", async ({ page }) => {
  await allowMotion(page);
  await page.goto("/");
  await waitForHydration(page);
  const trust = page.getByRole("region", { name: "Trust and safety checks" });
  await expect(trust).toHaveAttribute("data-carousel-state", "playing");
  const testimonials = page.locator('[data-home-section="testimonials"]').getByRole("region");
  // Not measured while the page starts: it waits, still, until it is scrolled to.
  await expect(testimonials).toHaveAttribute("data-carousel-state", "paused");
  await testimonials.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await expect(testimonials).toHaveAttribute("data-carousel-state", "playing");
});

test("a press on Next before the carousel has started still moves it", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await waitForHydration(page);
  const testimonials = page.locator('[data-home-section="testimonials"]').getByRole("region");
  // A click event without scrolling, as a screen reader's activation can send: the carousel is still far away.
  await testimonials.getByRole("button", { name: "Next slide" }).dispatchEvent("click");
  await expect(testimonials).toHaveAttribute("data-carousel-index", "1");
});

test("carousels stand still for people who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const services = page.getByRole("region", { name: "Service cards" });
  await expect(services).toHaveAttribute("data-carousel-state", "paused");
  await services.getByRole("button", { name: "Next slide" }).click();
  await expect(services).toHaveAttribute("data-carousel-index", "1");
});

test("the hero video loads after the page and offers a retry when it fails", async ({ page }) => {
  // The clip is asked for when it starts to play: on its own, unless reduced motion is preferred.
  await allowMotion(page);
  let failing = true;
  await page.route("**/media/hero-loop.mp4*", (route) => (failing ? route.abort() : route.continue()));
  const response = await page.goto("/");
  const poster = page.getByTestId("hero-poster");
  await expect(poster).toBeVisible();
  await expect(poster).toHaveJSProperty("naturalWidth", 960);
  // The poster's data URL comes once, as the image under the clip: the clip has no poster of its own.
  const posterUrl = await poster.getAttribute("src");
  expect(posterUrl).toMatch(/^data:image\/webp;base64,/);
  const html = await response!.text();
  expect(html.split(posterUrl!).length - 1).toBe(1);
  // Read from the markup served: the failing clip's element may already be gone from the page.
  expect(html.match(/<video\b[^>]*>/)?.[0]).not.toContain("poster=");
  await expect(page.getByText("Unable to load video. Please check your connection.")).toBeVisible();
  failing = false;
  await page.getByRole("button", { name: "Retry Video" }).click();
  await expect(page.getByTestId("hero-video")).toHaveJSProperty("readyState", 4, { timeout: TIMEOUTS.background });
  await expect(page.getByText("Unable to load video. Please check your connection.")).toBeHidden();
});

test("the muted loop plays without its soundtrack; Play with sound, pressed before the scripts run, turns to the clip with it", async ({
  page,
}) => {
  await allowMotion(page);
  await page.goto("/");
  const video = page.getByTestId("hero-video");
  await expect(video).toHaveJSProperty("paused", false, { timeout: TIMEOUTS.background });
  expect(await video.evaluate((element: HTMLVideoElement) => new URL(element.currentSrc).pathname)).toBe(
    "/media/hero-loop.mp4",
  );
  await expect(video).toHaveJSProperty("muted", true);

  await page.getByRole("button", { name: "Play with sound" }).click();
  await expect(page.getByRole("button", { name: "Mute video" })).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => new URL(element.currentSrc).pathname))
    .toBe("/media/hero.mp4");
  await expect(video).toHaveJSProperty("muted", false);
  await expect(video).toHaveJSProperty("paused", false, { timeout: TIMEOUTS.background });

  // Muted again, it keeps playing the same clip.
  await page.getByRole("button", { name: "Mute video" }).click();
  await expect(video).toHaveJSProperty("muted", true);
  await expect(video).toHaveJSProperty("paused", false);
  await expect(page.getByRole("button", { name: "Play with sound" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use(MOBILE);
  test("home fits a 390 px screen", async ({ page }) => {
    const console = watchConsole(page);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Find Care Now" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    console.expectNone();
  });
});
