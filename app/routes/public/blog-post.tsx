import { data, Link, redirect } from "react-router";
import { ctaClass, proseClass } from "~/components/public/page-parts";
import { formatPostDate, PostCard } from "~/components/public/post-card";
import { postPaths } from "~/features/content/content";
import { getPost } from "~/features/content/content.server";
import { localizedUrl } from "~/i18n/config";
import { metaT, useT } from "~/i18n/react";
import { pageLocale } from "~/root.server";
import { publicMeta, siteUrlFrom } from "~/components/public/seo";
import type { Route } from "./+types/blog-post";

// A post is read in the page's language: the slug of another language's
// version sends the reader to theirs, keeping the query (`?lang=`). The answer
// depends on the language the request asks for, hence Vary. A post not
// translated yet shows in English and says so.
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const post = await getPost({ slug: params.slug });
  if (!post) throw data("Article not found", { status: 404 });
  const locale = await pageLocale(request);
  const own = post.slugs[locale];
  if (own && own !== post.slug) {
    throw redirect(`${postPaths(post)[locale]}${url.search}`, { headers: { Vary: "Accept-Language, Cookie" } });
  }
  return { post };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const post = loaderData?.post;
  if (!post) return [{ title: metaT(matches, "public")("blog.notFound") }];
  const siteUrl = siteUrlFrom(matches);
  const paths = postPaths(post);
  return publicMeta({
    matches,
    title: post.title,
    description: post.description,
    path: paths,
    type: "article",
    jsonLd: {
      "@type": "BlogPosting",
      headline: post.title,
      description: post.description,
      datePublished: post.date,
      author: { "@type": "Organization", name: post.author },
      publisher: {
        "@type": "Organization",
        name: "Tendly",
        logo: { "@type": "ImageObject", url: `${siteUrl}/icons/icon-512.png` },
      },
      inLanguage: post.locale,
      mainEntityOfPage: localizedUrl(siteUrl, paths, post.locale),
      keywords: post.tags.join(", "),
    },
  });
};

export default function BlogPost({ loaderData: { post } }: Route.ComponentProps) {
  const { t, locale } = useT("public");
  // A post not translated into the page's language says so, and marks its own words as English.
  const isEnglishOnly = post.locale !== locale;
  const contentLang = isEnglishOnly ? post.locale : undefined;
  return (
    <>
      <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <nav aria-label={t("blog.breadcrumb")} className="text-sm">
          <Link to="/blog" className="font-semibold text-teal-800 hover:underline">
            {t("blog.resources")}
          </Link>
        </nav>
        <header className="mt-4">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl" lang={contentLang}>
            {post.title}
          </h1>
          <p className="mt-3 text-lg text-slate-700" lang={contentLang}>
            {post.description}
          </p>
          <p className="mt-4 text-sm text-slate-600">
            {post.author} · <time dateTime={post.date}>{formatPostDate(post.date, locale)}</time> ·{" "}
            {t("blog.minRead", { minutes: post.readingMinutes })}
          </p>
          {isEnglishOnly && (
            <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{t("englishOnly")}</p>
          )}
        </header>
        {/* Our own reviewed Markdown, rendered on the server (see content.server.ts). */}
        <div className={`${proseClass} mt-6`} lang={contentLang} dangerouslySetInnerHTML={{ __html: post.html }} />
        <div className="mt-10 rounded-xl bg-teal-50 p-6">
          <p className="font-semibold text-slate-900">{t("blog.needHelp")}</p>
          <p className="mt-1 text-slate-800">{t("blog.needHelpText")}</p>
          <Link to="/request" className={`${ctaClass} mt-4`}>
            {t("cta.startCareRequest")}
          </Link>
        </div>
      </article>
      {post.related.length > 0 && (
        <section aria-labelledby="related-title" className="bg-slate-50 py-12">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="related-title" className="text-2xl font-bold text-slate-900">
              {t("blog.related")}
            </h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-3">
              {post.related.map((related) => (
                <li key={related.slug}>
                  <PostCard post={related} headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
