import { PageHero } from "~/components/public/page-parts";
import { PostCard } from "~/components/public/post-card";
import { listPosts } from "~/features/content/content.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { metaT, useT } from "~/i18n/react";
import { publicMeta } from "./seo";
import type { Route } from "./+types/blog";

export async function loader() {
  return { posts: await listPosts() };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t("blog.metaTitle"),
    description: t("blog.metaDescription"),
    path: "/blog",
  });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useT("public");
  return (
    <>
      <PageHero title={t("blog.title")} intro={t("blog.intro")} />
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
        {/* The guides themselves are in English only. */}
        {locale !== DEFAULT_LOCALE && (
          <p className="mb-6 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{t("englishOnly")}</p>
        )}
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
