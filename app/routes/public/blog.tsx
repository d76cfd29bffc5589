import { PageHero } from "~/components/public/page-parts";
import { PostCard } from "~/components/public/post-card";
import { listPosts } from "~/features/content/content.server";
import { metaT, useT } from "~/i18n/react";
import { pageLocale } from "~/root.server";
import { publicMeta } from "~/components/public/seo";
import type { Route } from "./+types/blog";

// The posts in the page's language (content/blog/<code>/), each untranslated one in English.
export async function loader({ request }: Route.LoaderArgs) {
  return { posts: await listPosts({ locale: await pageLocale(request) }) };
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
  const { t } = useT("public");
  return (
    <>
      <PageHero title={t("blog.title")} intro={t("blog.intro")} />
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
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
