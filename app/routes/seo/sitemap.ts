import { postPaths } from "~/features/content/content";
import { listPosts } from "~/features/content/content.server";
import { listPublicCaregiverSlugs } from "~/features/caregivers/public-caregivers.server";
import { sitemapXml, STATIC_PUBLIC_PATHS } from "~/features/seo/crawling";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { getEnv } from "~/utils/env.server";

// Public pages, every approved caregiver's profile and every post (each language at its own slug).
export async function loader() {
  const [caregivers, posts] = await Promise.all([listPublicCaregiverSlugs(), listPosts({ locale: DEFAULT_LOCALE })]);
  const xml = sitemapXml(getEnv().appUrl, [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...posts.map((post) => ({ path: postPaths(post), lastModified: post.date })),
    ...caregivers.map((caregiver) => ({
      path: `/caregiver/${encodeURIComponent(caregiver.slug)}`,
      lastModified: caregiver.updatedAt.toISOString().slice(0, 10),
    })),
  ]);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
