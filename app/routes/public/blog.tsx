import { PageHero } from "~/components/public/page-parts";
import { PostCard } from "~/components/public/post-card";
import { listPosts } from "~/features/content/content.server";
import { publicMeta } from "./seo";
import type { Route } from "./+types/blog";

export async function loader() {
  return { posts: await listPosts() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta({
    matches,
    title: "Resources for families and caregivers",
    description:
      "Practical guides on choosing in-home care, paying for care, dementia, fall prevention, caregiver burnout and starting a caregiving career.",
    path: "/blog",
  });

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        title="Resources"
        intro="Practical, plain-language guides for families arranging care at home and for the caregivers who provide it."
      />
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
