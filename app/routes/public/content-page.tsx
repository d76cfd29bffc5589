import { format } from "date-fns";
import { PageHero, proseClass } from "~/components/public/page-parts";
import { getContentPage } from "~/features/content/content.server";
import { publicMeta } from "./seo";
import type { Route } from "./+types/content-page";

// /privacy, /terms and /accessibility: Markdown pages under content/pages.
const PAGES = { "/privacy": "privacy", "/terms": "terms", "/accessibility": "accessibility" } as const;

export async function loader({ url }: Route.LoaderArgs) {
  const name = PAGES[url.pathname as keyof typeof PAGES];
  if (!name) throw new Response("Not Found", { status: 404 });
  const page = await getContentPage({ name });
  return { ...page, updated: format(page.updated, "MMMM d, yyyy"), path: url.pathname };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? publicMeta({ matches, title: loaderData.title, description: loaderData.description, path: loaderData.path })
    : [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title={loaderData.title} intro={loaderData.description} />
      <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <p className="text-sm text-slate-600">Last updated {loaderData.updated}</p>
        {/* Our own reviewed Markdown, rendered on the server (see content.server.ts). */}
        <div className={proseClass} dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      </article>
    </>
  );
}
