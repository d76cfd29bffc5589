import { Link } from "react-router";
import type { PostSummary } from "~/features/content/content";

export function formatPostDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  // Formatted by hand from the ISO date, so server and browser agree in every time zone.
  const months = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ];
  return `${months[month! - 1]} ${day}, ${year}`;
}

export function PostCard({ post, headingLevel = 2 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:shadow-md">
      <p className="text-sm font-semibold text-teal-800">
        For {post.audience === "families" ? "families" : "caregivers"}
      </p>
      <Heading className="mt-2 text-xl font-semibold text-slate-900">
        <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 hover:underline">
          {post.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-slate-700">{post.description}</p>
      <p className="mt-4 text-sm text-slate-600">
        <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readingMinutes} min read
      </p>
    </article>
  );
}
