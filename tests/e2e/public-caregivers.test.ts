import { expect, MOBILE, test } from "./fixtures";
import { watchConsole } from "./public-helpers";

// The public caregiver directory and profiles against the seeded demo
// caregivers (about 60 approved in Chicago, Houston, Phoenix and Atlanta,
// plus the demo accounts: Jordan Rivera approved, Parker pending, Sawyer suspended).

test("the directory lists approved caregivers, best rated first, a page at a time", async ({ page }) => {
  const console = watchConsole(page);
  await page.goto("/providers");
  await expect(page.getByRole("heading", { level: 1, name: "Find a caregiver" })).toBeVisible();
  const heading = page.getByRole("heading", { level: 2, name: /caregivers$/ });
  const total = Number((await heading.textContent())!.split(" ")[0]);
  expect(total).toBeGreaterThanOrEqual(60);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(12);
  const ratings = await cards.getByText(/out of 5|New to Tendly/).allTextContents();
  const values = ratings.map((text) => (text.startsWith("New") ? 0 : Number.parseFloat(text)));
  expect(values).toEqual([...values].sort((a, b) => b - a));
  await expect(page.getByText("Parker")).toHaveCount(0);
  await expect(page.getByText("Sawyer")).toHaveCount(0);

  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`Page 2 of ${Math.ceil(total / 12)}`)).toBeVisible();
  console.expectNone();
});

test("/caregivers is the same directory", async ({ page }) => {
  await page.goto("/caregivers");
  await expect(page.getByRole("heading", { level: 1, name: "Find a caregiver" })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("filters by service and language", async ({ page }) => {
  await page.goto("/providers");
  await page.getByLabel("Service", { exact: true }).selectOption("personal-care");
  await page.getByLabel("Language").selectOption("es");
  await page.getByRole("button", { name: "Show caregivers" }).click();
  await expect(page).toHaveURL(/service=personal-care/);
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  // The address changes before the filtered list has replaced the first one:
  // wait until no card is left without the service and the language.
  await expect(cards.filter({ hasNot: page.getByText("Personal Care") })).toHaveCount(0);
  await expect(cards.filter({ hasNot: page.getByText(/Spanish/) })).toHaveCount(0);
  for (const card of await cards.all()) {
    await expect(card.getByText("Personal Care")).toBeVisible();
    await expect(card.getByText(/Spanish/)).toBeVisible();
  }
});

test("filters by distance from a ZIP code and sorts by distance", async ({ page }) => {
  await page.goto("/providers");
  await page.getByLabel("ZIP code").fill("85003");
  await page.getByLabel("Distance").selectOption("10");
  await page.getByLabel("Sort by").selectOption("distance");
  await page.getByRole("button", { name: "Show caregivers" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /within 10 miles of Phoenix, AZ 85003/ })).toBeVisible();
  const places = await page
    .getByRole("article")
    .getByText(/mi away/)
    .allTextContents();
  expect(places.length).toBeGreaterThan(0);
  for (const place of places) expect(place).toContain("Phoenix, AZ");
  // "Under 0.1 mi away" for one next door.
  const miles = places.map((text) => (/Under 0\.1 mi/.test(text) ? 0 : Number.parseFloat(text.split("·")[1]!)));
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  expect(Math.max(...miles)).toBeLessThanOrEqual(10);
});

test("a malformed ZIP code is explained beside the field", async ({ page }) => {
  await page.goto("/providers?zip=123");
  await expect(page.getByText("Enter a 5-digit ZIP code.")).toBeVisible();
  await expect(page.getByLabel("ZIP code")).toHaveAttribute("aria-invalid", "true");
});

test("a public profile shows what a family needs and nothing private", async ({ page }) => {
  const console = watchConsole(page);
  await page.goto("/caregiver/jordan-rivera");
  await expect(page.getByRole("heading", { level: 1, name: "Jordan R." })).toBeVisible();
  await expect(page.getByText("Chicago, IL").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Languages" }).getByText("Spanish")).toBeVisible();
  await expect(page.getByText("Dementia care")).toBeVisible();
  await expect(page.getByText("Rivera")).toHaveCount(0);
  await expect(page.getByText("555-")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Request this caregiver" }).first()).toHaveAttribute(
    "href",
    "/request/client-info?caregiver=jordan-rivera",
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ "@type": "Person", name: "Jordan R." });
  // No review, no rating for search engines either.
  expect(jsonLd).not.toHaveProperty("aggregateRating");
  console.expectNone();
});

test("unknown, pending and suspended caregivers have no public profile", async ({ page }) => {
  for (const slug of ["nobody-here", "parker-pending", "sawyer-suspended"]) {
    const response = await page.goto(`/caregiver/${slug}`);
    expect(response?.status(), slug).toBe(404);
    await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
  }
});

// What a profile and its directory card claim is what is true: a rating only from families' reviews
// (the seeded caregivers have none), and "Background checked" without training, which does not exist yet.
for (const { name, use } of [
  { name: "at 1280 px", use: { viewport: { width: 1280, height: 900 } } },
  { name: "on a 390 px phone", use: MOBILE },
]) {
  test.describe(name, () => {
    test.use(use);
    test("a profile and its card say only what is true, and agree", async ({ page }) => {
      await page.goto("/caregiver/jordan-rivera");
      await expect(page.getByRole("heading", { level: 1, name: "Jordan R." })).toBeVisible();
      await expect(page.getByText(/years of experience · Background checked$/)).toBeVisible();
      await expect(page.getByText(/trained/i)).toHaveCount(0);
      await expect(page.getByText(/out of 5/)).toHaveCount(0);
      await expect(page.getByText("New to Tendly")).toHaveCount(2);
      const reviews = page.getByRole("region", { name: "Ratings and reviews" });
      await expect(reviews.getByText("New to Tendly")).toBeVisible();
      await expect(reviews.getByText(/^No reviews yet\./)).toBeVisible();
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description).not.toMatch(/trained/i);

      // The directory lists the best rated first: look for Jordan's card page by page.
      // Other tests' caregivers may also be a "Jordan R.": the card is the one that links to this profile.
      const card = page.getByRole("article").filter({ has: page.locator('a[href="/caregiver/jordan-rivera"]') });
      for (let number = 1; number <= 10; number += 1) {
        await page.goto(`/providers?page=${number}`);
        await expect(page.getByRole("article").first()).toBeVisible();
        if ((await card.count()) > 0) break;
      }
      await expect(card.getByText("New to Tendly")).toBeVisible();
      await expect(page.getByText(/trained/i)).toHaveCount(0);
    });
  });
}

test.describe("on a phone", () => {
  test.use(MOBILE);
  test("the directory and a profile fit 390 px", async ({ page }) => {
    for (const path of ["/providers", "/caregiver/jordan-rivera"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});
