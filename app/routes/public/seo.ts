// Head tags of a public page (spec 2.1): a unique title and description, the
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
  /** The page's path, without query string (the canonical URL ignores filters and paging). */
  path: string;
  type?: "website" | "article" | "profile";
  image?: string;
  jsonLd?: Record<string, unknown>;
};

export function publicMeta({ matches, title, description, path, type = "website", image, jsonLd }: PublicMetaInput) {
  const siteUrl = siteUrlFrom(matches);
  const url = `${siteUrl}${path}`;
  const fullTitle = title.includes("Tendly") ? title : `${title} | Tendly`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: "Tendly" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:image", content: `${siteUrl}${image ?? "/icons/icon-512.png"}` },
    { name: "twitter:card", content: "summary" },
  ];
  if (jsonLd) tags.push({ "script:ld+json": { "@context": "https://schema.org", ...jsonLd } });
  return tags;
}
