import { Link } from "react-router";
import type { PostSummary } from "~/features/content/content";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { formatLongDate } from "~/utils/intl-dates";
import { useT } from "~/i18n/react";

const MONTHS = [
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
] as const;

/** "November 23, 2026" / "23 de noviembre de 2026": a post's calendar date, the same on the server and in the browser. */
export function formatPostDate(isoDate: string, locale: Locale = DEFAULT_LOCALE): string {
  // A calendar date is midnight UTC: formatted in UTC it is the same day in every time zone.
  if (locale !== DEFAULT_LOCALE) return formatLongDate(`${isoDate}T00:00:00Z`, locale, { timeZone: "UTC" });
  const [year, month, day] = isoDate.split("-").map(Number);
  // English is formatted by hand from the ISO date, as it always was.
  return `${MONTHS[month! - 1]} ${day}, ${year}`;
}

export function PostCard({ post, headingLevel = 2 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const { t, locale } = useT("public");
  // A post not translated into the page's language says its own to assistive technology.
  const contentLang = post.locale === locale ? undefined : post.locale;
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:shadow-md">
      <p className="text-sm font-semibold text-teal-800">
        {post.audience === "families" ? t("blog.forFamilies") : t("blog.forCaregivers")}
      </p>
      <Heading className="mt-2 text-xl font-semibold text-slate-900" lang={contentLang}>
        <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 hover:underline">
          {post.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-slate-700" lang={contentLang}>
        {post.description}
      </p>
      <p className="mt-4 text-sm text-slate-600">
        <time dateTime={post.date}>{formatPostDate(post.date, locale)}</time> ·{" "}
        {t("blog.minRead", { minutes: post.readingMinutes })}
      </p>
    </article>
  );
}
