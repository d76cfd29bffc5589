import { z } from "zod";

// Pure rules of the Markdown content under content/: front matter, reading
// time and related posts.

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
});
export type PostFrontMatter = z.infer<typeof PostFrontMatterSchema>;

export const PageFrontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1).max(200),
  updated: z.coerce.date(),
});
export type PageFrontMatter = z.infer<typeof PageFrontMatterSchema>;

export type PostSummary = Omit<PostFrontMatter, "date"> & { slug: string; date: string; readingMinutes: number };

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
