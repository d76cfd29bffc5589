import { data, Link } from "react-router";
import { ctaClass, proseClass } from "~/components/public/page-parts";
import { formatPostDate, PostCard } from "~/components/public/post-card";
import { getPost } from "~/features/content/content.server";
import { publicMeta, siteUrlFrom } from "./seo";
import type { Route } from "./+types/blog-post";

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getPost({ slug: params.slug });
  if (!post) throw data("Article not found", { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const post = loaderData?.post;
  if (!post) return [{ title: "Article not found | Tendly" }];
  const siteUrl = siteUrlFrom(matches);
  return publicMeta({
    matches,
    title: post.title,
    description: post.description,
    path: `/blog/${post.slug}`,
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
      mainEntityOfPage: `${siteUrl}/blog/${post.slug}`,
      keywords: post.tags.join(", "),
    },
  });
};

export default function BlogPost({ loaderData: { post } }: Route.ComponentProps) {
  return (
    <>
      <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to="/blog" className="font-semibold text-teal-800 hover:underline">
            Resources
          </Link>
        </nav>
        <header className="mt-4">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-lg text-slate-700">{post.description}</p>
          <p className="mt-4 text-sm text-slate-600">
            {post.author} · <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readingMinutes} min
            read
          </p>
        </header>
        {/* Our own reviewed Markdown, rendered on the server (see content.server.ts). */}
        <div className={`${proseClass} mt-6`} dangerouslySetInnerHTML={{ __html: post.html }} />
        <div className="mt-10 rounded-xl bg-teal-50 p-6">
          <p className="font-semibold text-slate-900">Need help at home?</p>
          <p className="mt-1 text-slate-800">Tell us what your loved one needs and see vetted caregivers who match.</p>
          <Link to="/request" className={`${ctaClass} mt-4`}>
            Start your care request
          </Link>
        </div>
      </article>
      {post.related.length > 0 && (
        <section aria-labelledby="related-title" className="bg-slate-50 py-12">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="related-title" className="text-2xl font-bold text-slate-900">
              Related articles
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
