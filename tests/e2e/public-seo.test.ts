import { expect, test } from "./fixtures";

// What search engines see: the sitemap, robots.txt and structured data.

test("the sitemap lists the public pages, caregiver profiles and posts, and nothing private", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  for (const path of [
    "/",
    "/services",
    "/providers",
    "/safety-and-trust",
    "/blog",
    "/caregiver/jordan-rivera",
    "/blog/caregiver-burnout",
  ]) {
    expect(paths, path).toContain(path);
  }
  expect(paths.filter((path) => path.startsWith("/caregiver/")).length).toBeGreaterThanOrEqual(60);
  expect(paths.filter((path) => path.startsWith("/blog/")).length).toBeGreaterThanOrEqual(6);
  for (const path of [
    "/caregiver/parker-pending",
    "/caregiver/sawyer-suspended",
    "/login/desktop",
    "/dashboard",
    "/admin",
  ]) {
    expect(paths, path).not.toContain(path);
  }
});

test("robots.txt keeps crawlers out of the areas and sign-in pages", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  for (const rule of [
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /caregiver$",
    "Disallow: /caregiver/orders",
    "Disallow: /login",
    "Disallow: /register",
  ]) {
    expect(robots).toContain(rule);
  }
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
});

test("the home page describes the organisation and shares well", async ({ page }) => {
  await page.goto("/");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ "@context": "https://schema.org", "@type": "Organization", name: "Tendly" });
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/.+\.png$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\/[^/]+\/$/);
});

test("/caregivers names /providers as its canonical URL", async ({ page }) => {
  await page.goto("/caregivers?language=es");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/providers$/);
});
