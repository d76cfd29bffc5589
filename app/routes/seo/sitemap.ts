import { listPosts } from "~/features/content/content.server";
import { listPublicCaregiverSlugs } from "~/features/caregivers/public-caregivers.server";
import { sitemapXml, STATIC_PUBLIC_PATHS } from "~/features/seo/crawling";
import { getEnv } from "~/utils/env.server";

// Public pages, every approved caregiver's profile and every post.
export async function loader() {
  const [caregivers, posts] = await Promise.all([listPublicCaregiverSlugs(), listPosts()]);
  const xml = sitemapXml(getEnv().appUrl, [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.date })),
    ...caregivers.map((caregiver) => ({
      path: `/caregiver/${encodeURIComponent(caregiver.slug)}`,
      lastModified: caregiver.updatedAt.toISOString().slice(0, 10),
    })),
  ]);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
