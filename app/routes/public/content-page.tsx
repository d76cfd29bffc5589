import { PageHero, proseClass } from "~/components/public/page-parts";
import { getContentPage } from "~/features/content/content.server";
import { metaT, useFormat, useT } from "~/i18n/react";
import { pageLocale } from "~/root.server";
import { publicMeta } from "~/components/public/seo";
import type { Route } from "./+types/content-page";

// /privacy, /terms and /accessibility: Markdown pages under content/pages,
// in English, and their translations under content/pages/<code>/ (the English
// text governs, as each translation says). Their titles and descriptions are
// messages (contentPages.<name>, each language's front matter word for word).
// A page not translated yet shows the English text and says so.
const PAGES = { "/privacy": "privacy", "/terms": "terms", "/accessibility": "accessibility" } as const;

export async function loader({ request, url }: Route.LoaderArgs) {
  const name = PAGES[url.pathname as keyof typeof PAGES];
  if (!name) throw new Response("Not Found", { status: 404 });
  const page = await getContentPage({ name, locale: await pageLocale(request) });
  // `updated: 2026-11-23` in the front matter is a calendar date, read as midnight UTC.
  return {
    name,
    html: page.html,
    textLocale: page.locale,
    updated: new Date(page.updated).toISOString(),
    path: url.pathname,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t(`contentPages.${loaderData.name}.title`),
    description: t(`contentPages.${loaderData.name}.description`),
    path: loaderData.path,
  });
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useT("public");
  const format = useFormat();
  const isEnglishOnly = loaderData.textLocale !== locale;
  return (
    <>
      <PageHero
        title={t(`contentPages.${loaderData.name}.title`)}
        intro={t(`contentPages.${loaderData.name}.description`)}
      />
      <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <p className="text-sm text-slate-600">
          {t("contentPages.lastUpdated", { date: format.date(loaderData.updated, { timeZone: "UTC" }) })}
        </p>
        {isEnglishOnly && <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{t("englishOnly")}</p>}
        {/* Our own reviewed Markdown, rendered on the server (see content.server.ts). */}
        <div
          className={proseClass}
          lang={isEnglishOnly ? loaderData.textLocale : undefined}
          dangerouslySetInnerHTML={{ __html: loaderData.html }}
        />
      </article>
    </>
  );
}
