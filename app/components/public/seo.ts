import {
  DEFAULT_LOCALE,
  INTL_LOCALES,
  isLocale,
  localizedUrl,
  LOCALES,
  type Locale,
  type PagePath,
} from "~/i18n/config";

/** The card type social sites show for a shared link (a code, not words). */
const TWITTER_CARD = "summary";

// Head tags of a public page (docs/product-rules.md, "Public site and header"): a unique title and description, the
// canonical URL on the site's public origin, Open Graph and, where a page has
// one, its JSON-LD. The origin comes from the root loader (APP_URL).

type MetaMatch = { id: string; loaderData?: unknown } | undefined;
type MetaDescriptor = Record<string, unknown>;

export function siteUrlFrom(matches: readonly MetaMatch[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

export type PublicMetaInput = {
  matches: readonly MetaMatch[];
  title: string;
  description: string;
  /**
   * The page's path, without query string (the canonical URL ignores filters and paging); a
   * translated post has one per language.
   */
  path: PagePath;
  type?: "website" | "article" | "profile";
  image?: string;
  jsonLd?: Record<string, unknown>;
};

/** The language the root loader rendered the page in (app/i18n). */
function localeFrom(matches: readonly MetaMatch[]): Locale {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { i18n?: { locale?: unknown } } | undefined;
  return isLocale(root?.i18n?.locale) ? root.i18n.locale : DEFAULT_LOCALE;
}

export function publicMeta({ matches, title, description, path, type = "website", image, jsonLd }: PublicMetaInput) {
  const siteUrl = siteUrlFrom(matches);
  const locale = localeFrom(matches);
  // One canonical per language, and each language's alternate.
  const url = localizedUrl(siteUrl, path, locale);
  const fullTitle = title.includes("Tendly") ? title : `${title} | Tendly`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...LOCALES.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate,
      href: localizedUrl(siteUrl, path, alternate),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: localizedUrl(siteUrl, path, DEFAULT_LOCALE) },
    { property: "og:locale", content: INTL_LOCALES[locale].replace("-", "_") },
    { property: "og:site_name", content: "Tendly" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:image", content: `${siteUrl}${image ?? "/icons/icon-512.png"}` },
    { name: "twitter:card", content: TWITTER_CARD },
  ];
  if (jsonLd) tags.push({ "script:ld+json": { "@context": "https://schema.org", ...jsonLd } });
  return tags;
}
