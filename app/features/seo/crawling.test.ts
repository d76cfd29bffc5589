import { describe, expect, it } from "vitest";
import { isUnlistedPath, robotsTxt, sitemapXml } from "./crawling";

describe("robotsTxt", () => {
  it("names no path but the sitemap", () => {
    expect(robotsTxt("https://tendly.example")).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://tendly.example/sitemap.xml\n",
    );
  });
});

describe("isUnlistedPath", () => {
  it("keeps the areas, sign-in pages and tools out of search results, but not the profiles", () => {
    const unlisted = [
      "/admin",
      "/admin/users",
      "/dashboard",
      "/caregiver",
      "/caregiver/schedule",
      "/caregiver/settings",
      "/login/desktop",
      "/register",
      "/request/schedule",
      "/dev/mailbox",
      "/api/zip-code",
    ];
    expect(unlisted.filter((path) => !isUnlistedPath(path))).toEqual([]);
    const listed = ["/", "/providers", "/caregiver/jordan-rivera", "/blog/choosing-in-home-care", "/contact"];
    expect(listed.filter(isUnlistedPath)).toEqual([]);
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

  it("lists each page in every language, each naming the others as alternates", () => {
    const xml = sitemapXml("https://tendly.example", [{ path: "/about" }]);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain("<loc>https://tendly.example/about?lang=es</loc>");
    const alternates =
      '<xhtml:link rel="alternate" hreflang="en" href="https://tendly.example/about"/>' +
      '<xhtml:link rel="alternate" hreflang="es" href="https://tendly.example/about?lang=es"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://tendly.example/about"/>';
    expect(xml).toContain(`<loc>https://tendly.example/about</loc>${alternates}</url>`);
    expect(xml).toContain(`<loc>https://tendly.example/about?lang=es</loc>${alternates}</url>`);
  });

  it("lists a translated post at its own path in each language, each naming the other", () => {
    const xml = sitemapXml("https://tendly.example", [
      { path: { en: "/blog/choosing-care", es: "/blog/elegir-cuidado" }, lastModified: "2026-09-08" },
    ]);
    const alternates =
      '<xhtml:link rel="alternate" hreflang="en" href="https://tendly.example/blog/choosing-care"/>' +
      '<xhtml:link rel="alternate" hreflang="es" href="https://tendly.example/blog/elegir-cuidado?lang=es"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://tendly.example/blog/choosing-care"/>';
    expect(xml).toContain(
      `<loc>https://tendly.example/blog/choosing-care</loc><lastmod>2026-09-08</lastmod>${alternates}`,
    );
    expect(xml).toContain(
      `<loc>https://tendly.example/blog/elegir-cuidado?lang=es</loc><lastmod>2026-09-08</lastmod>${alternates}`,
    );
  });
});
