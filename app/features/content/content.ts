import { z } from "zod";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/i18n/config";

// Pure rules of the Markdown content under content/: front matter, reading
// time, related posts, and which file serves which language (English under
// content/blog and content/pages, each other language in a folder of its own
// code, e.g. content/blog/es; docs/architecture.md, "Translations").

export const WORDS_PER_MINUTE = 220;

/** Minutes to read a Markdown text, at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/[#>*_`[\]()!-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PostFrontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1).max(200),
  date: z.coerce.date(),
  author: z.string().min(1),
  audience: z.enum(["families", "caregivers"]),
  tags: z.array(z.string()).min(1),
  /** A translation's English original (its slug); English posts have none. */
  translationOf: z.string().regex(SLUG_PATTERN).optional(),
});
export type PostFrontMatter = z.infer<typeof PostFrontMatterSchema>;

export const PageFrontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1).max(200),
  updated: z.coerce.date(),
});
export type PageFrontMatter = z.infer<typeof PageFrontMatterSchema>;

export type PostSummary = Omit<PostFrontMatter, "date" | "translationOf"> & {
  slug: string;
  date: string;
  readingMinutes: number;
  /** The language the post is written in. */
  locale: Locale;
  /** The post's slug in each language it is written in, its own included. */
  slugs: Partial<Record<Locale, string>>;
};

/** The folder under content/<kind> holding `locale`'s files: English at the top, others in a folder of their code. */
export function contentFolder(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : locale;
}

type PostFile = Omit<PostSummary, "slugs"> & { translationOf?: string };

/**
 * Each post with the slugs of its versions (`translationOf` names the English
 * original). Refuses what would make a URL ambiguous: one slug in two
 * languages, a translation of an unknown post, or two translations of one post
 * in the same language.
 */
export function pairTranslations<T extends PostFile>(
  posts: readonly T[],
): (Omit<T, "translationOf"> & Pick<PostSummary, "slugs">)[] {
  const problems: string[] = [];
  const bySlug = new Map<string, T>();
  for (const post of posts) {
    if (bySlug.has(post.slug)) problems.push(`${post.slug}: the slug is taken twice`);
    bySlug.set(post.slug, post);
  }
  const slugsOf = new Map<string, Partial<Record<Locale, string>>>();
  for (const post of posts) {
    if (post.locale === DEFAULT_LOCALE) {
      if (post.translationOf) problems.push(`${post.slug}: an English post is no translation`);
      slugsOf.set(post.slug, { ...slugsOf.get(post.slug), [DEFAULT_LOCALE]: post.slug });
      continue;
    }
    const original = post.translationOf ? bySlug.get(post.translationOf) : undefined;
    if (!original || original.locale !== DEFAULT_LOCALE) {
      problems.push(`${post.slug}: translationOf must name an English post`);
      continue;
    }
    const slugs = slugsOf.get(original.slug) ?? {};
    if (slugs[post.locale]) problems.push(`${post.slug}: ${original.slug} has two ${post.locale} translations`);
    slugsOf.set(original.slug, { ...slugs, [post.locale]: post.slug });
  }
  if (problems.length > 0) throw new Error(`Blog posts: ${problems.join("; ")}`);
  return posts.map(({ translationOf, ...post }) => ({
    ...post,
    slugs: slugsOf.get(post.locale === DEFAULT_LOCALE ? post.slug : translationOf!)!,
  }));
}

/**
 * The posts a reader in `locale` sees, newest first: each English post in
 * that language where it has been translated, else in English.
 */
export function postsIn<T extends PostSummary>(posts: readonly T[], locale: Locale): T[] {
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  return posts
    .filter((post) => post.locale === DEFAULT_LOCALE)
    .map((post) => bySlug.get(post.slugs[locale] ?? post.slug)!)
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** Posts sharing the most tags with `post` (then the same audience, then the newest), at most `limit`. */
export function relatedPosts(post: PostSummary, all: readonly PostSummary[], limit = 3): PostSummary[] {
  const score = (other: PostSummary) =>
    other.tags.filter((tag) => post.tags.includes(tag)).length * 2 + (other.audience === post.audience ? 1 : 0);
  return all
    .filter((other) => other.slug !== post.slug)
    .map((other) => ({ other, score: score(other) }))
    .sort((a, b) => b.score - a.score || b.other.date.localeCompare(a.other.date))
    .slice(0, limit)
    .map(({ other }) => other);
}

/** A post's path in each language: its translation's where there is one, else the English original's. */
export function postPaths(post: Pick<PostSummary, "slugs">): Record<Locale, string> {
  const english = post.slugs[DEFAULT_LOCALE]!;
  return Object.fromEntries(LOCALES.map((locale) => [locale, `/blog/${post.slugs[locale] ?? english}`])) as Record<
    Locale,
    string
  >;
}
