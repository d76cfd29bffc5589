import { CAREGIVER_AREA_SEGMENTS } from "~/utils/chrome-rules";

// What search engines may crawl (robots.txt) and what we list for them
// (sitemap.xml): the public pages of spec 2.1, caregiver profiles and posts;
// never the role areas, sign-in and registration pages, or the care request.

export const STATIC_PUBLIC_PATHS = [
  "/",
  "/about",
  "/services",
  "/safety-and-trust",
  "/how-it-works",
  "/become-caregiver",
  "/providers",
  "/blog",
  "/contact",
  "/privacy",
  "/terms",
  "/accessibility",
] as const;

export const DISALLOWED_PATHS = [
  "/admin",
  "/dashboard",
  // /caregiver itself and its area pages; /caregiver/{slug} profiles stay crawlable.
  "/caregiver$",
  ...[...CAREGIVER_AREA_SEGMENTS].map((segment) => `/caregiver/${segment}`),
  "/auth",
  "/login",
  "/register",
  "/signup",
  "/caregiver-registration",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/request",
  "/newsletter/",
  "/api/",
  "/dev/",
];

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export type SitemapEntry = { path: string; lastModified?: string };

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${escapeXml(`${siteUrl}${entry.path}`)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
