import { DEFAULT_LOCALE, localizedUrl, LOCALES, type PagePath } from "~/i18n/config";
import { CAREGIVER_AREA_SEGMENTS } from "~/utils/chrome-rules";

// What search engines may index and what we list for them (sitemap.xml): the
// public pages (docs/product-rules.md, "Public site and header"), caregiver profiles and posts; never the role
// areas, sign-in and registration pages, or the care request. robots.txt
// names no path: a list of private paths is a map for an attacker. The
// unlisted pages answer with an X-Robots-Tag header instead (server/app.ts).

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

/** Prefixes of pages kept out of search results; a trailing $ matches the path exactly. */
const UNLISTED_PATHS = [
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

/** Whether a page must stay out of search results (it gets `X-Robots-Tag: noindex`). */
export function isUnlistedPath(pathname: string): boolean {
  return UNLISTED_PATHS.some((prefix) =>
    prefix.endsWith("$") ? pathname === prefix.slice(0, -1) : pathname.startsWith(prefix),
  );
}

export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
}

/** A page, with its own path in each language where it has one (a translated post). */
export type SitemapEntry = { path: PagePath; lastModified?: string };

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Every entry once per language (English at the plain path, Spanish at
 * `?lang=es`, each at its own path where it has one), each naming all its
 * languages and the default as alternates,
 * as search engines read a multilingual sitemap.
 */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => {
    const alternates = [
      ...LOCALES.map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(localizedUrl(siteUrl, entry.path, locale))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(localizedUrl(siteUrl, entry.path, DEFAULT_LOCALE))}"/>`,
    ].join("");
    const lastModified = entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : "";
    return LOCALES.map(
      (locale) =>
        `  <url><loc>${escapeXml(localizedUrl(siteUrl, entry.path, locale))}</loc>${lastModified}${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
