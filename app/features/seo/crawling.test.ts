import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./crawling";

describe("robotsTxt", () => {
  const robots = robotsTxt("https://tendly.example");
  it("keeps crawlers out of the areas and the sign-in pages, but not the profiles", () => {
    for (const path of [
      "/admin",
      "/dashboard",
      "/caregiver$",
      "/caregiver/schedule",
      "/caregiver/settings",
      "/login",
      "/register",
      "/request",
    ]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).not.toMatch(/Disallow: \/caregiver\/\n/);
    expect(robots).toContain("Sitemap: https://tendly.example/sitemap.xml");
  });
});

describe("sitemapXml", () => {
  it("lists absolute, escaped URLs with their dates", () => {
    const xml = sitemapXml("https://tendly.example", [
      { path: "/" },
      { path: "/blog/a&b", lastModified: "2026-11-01" },
    ]);
    expect(xml).toContain("<loc>https://tendly.example/</loc>");
    expect(xml).toContain("<loc>https://tendly.example/blog/a&amp;b</loc><lastmod>2026-11-01</lastmod>");
  });
});
