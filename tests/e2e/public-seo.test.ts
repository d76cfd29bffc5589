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

test("the sitemap lists each guide at its English and its Spanish address, each naming the other", async ({
  request,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const entryOf = (loc: RegExp) =>
    xml.split("\n").find((line) => loc.test(line.match(/<loc>([^<]+)<\/loc>/)?.[1] ?? ""));
  const english = entryOf(/\/blog\/choosing-in-home-care$/);
  const spanish = entryOf(/\/blog\/como-elegir-cuidado-a-domicilio\?lang=es$/);
  for (const entry of [english, spanish]) {
    expect(entry).toMatch(/<lastmod>2026-09-08<\/lastmod>/);
    expect(entry).toMatch(/hreflang="en" href="https?:\/\/[^"]+\/blog\/choosing-in-home-care"/);
    expect(entry).toMatch(/hreflang="es" href="https?:\/\/[^"]+\/blog\/como-elegir-cuidado-a-domicilio\?lang=es"/);
    expect(entry).toMatch(/hreflang="x-default" href="https?:\/\/[^"]+\/blog\/choosing-in-home-care"/);
  }
  // No guide at the other language's address.
  expect(xml).not.toMatch(/\/blog\/choosing-in-home-care\?lang=es</);
  expect(xml).not.toMatch(/\/blog\/como-elegir-cuidado-a-domicilio</);
});

test("robots.txt names no private path; private pages are kept out of search results by a header", async ({
  request,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  expect(robots).not.toMatch(/Disallow|admin|dashboard|dev|api|login/);
  for (const path of ["/admin/login", "/login/desktop", "/register", "/dashboard", "/caregiver/orders"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["x-robots-tag"], path).toBe("noindex, nofollow");
  }
  for (const path of ["/", "/providers", "/caregiver/jordan-rivera"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["x-robots-tag"], path).toBeUndefined();
  }
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
