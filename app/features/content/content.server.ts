import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import frontMatter from "front-matter";
import { marked } from "marked";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/i18n/config";
import {
  contentFolder,
  PageFrontMatterSchema,
  pairTranslations,
  PostFrontMatterSchema,
  postsIn,
  readingMinutes,
  relatedPosts,
  SLUG_PATTERN,
  type PageFrontMatter,
  type PostSummary,
} from "./content";

// Markdown content with front matter under content/ (blog posts and the
// legal pages), rendered to HTML on the server. Only our own, reviewed files
// are read (never user input), so their HTML is trusted as written; slugs
// are checked against a strict pattern before any file is opened.

const CONTENT_DIR = path.join(process.cwd(), "content");

/** A promise rejection handler: `fallback` for a file or folder that does not exist, any other error thrown. */
const whenMissing =
  <T>(fallback: T) =>
  (error: NodeJS.ErrnoException): T => {
    if (error.code === "ENOENT") return fallback;
    throw error;
  };

type Parsed<T> = { attributes: T; body: string };

async function readMarkdown<T>(file: string, schema: { parse: (value: unknown) => T }): Promise<Parsed<T> | null> {
  const source = await readFile(file, "utf8").catch(whenMissing(null));
  if (source === null) return null;
  const { attributes, body } = frontMatter<unknown>(source);
  return { attributes: schema.parse(attributes), body };
}

const toHtml = (markdown: string) => marked.parse(markdown, { async: false, gfm: true });

// Posts change only with a deploy: read once per process.
let postsCache: Promise<(PostSummary & { body: string })[]> | undefined;

/** The posts of one language: content/blog/*.md in English, content/blog/<code>/*.md in another. */
async function loadPostsIn(locale: Locale) {
  const dir = path.join(CONTENT_DIR, "blog", contentFolder(locale));
  // A language with no posts yet has no folder.
  const names = await readdir(dir).catch(whenMissing([]));
  const files = names.filter((file) => file.endsWith(".md"));
  return Promise.all(
    files.map(async (file) => {
      const slug = file.slice(0, -3);
      if (!SLUG_PATTERN.test(slug)) throw new Error(`Blog post file name is not a slug: ${file}`);
      const parsed = (await readMarkdown(path.join(dir, file), PostFrontMatterSchema))!;
      return {
        ...parsed.attributes,
        slug,
        locale,
        date: parsed.attributes.date.toISOString().slice(0, 10),
        readingMinutes: readingMinutes(parsed.body),
        body: parsed.body,
      };
    }),
  );
}

async function loadPosts() {
  const posts = pairTranslations((await Promise.all(LOCALES.map(loadPostsIn))).flat());
  return posts.sort((a, b) => b.date.localeCompare(a.date));
}

function allPosts() {
  postsCache ??= loadPosts().catch((error: unknown) => {
    postsCache = undefined;
    throw error;
  });
  return postsCache;
}

const withoutBody = ({ body: _body, ...summary }: PostSummary & { body: string }): PostSummary => summary;

/** The posts a reader in `locale` sees (postsIn), newest first, without bodies. */
export async function listPosts({ locale }: { locale: Locale }): Promise<PostSummary[]> {
  return postsIn(await allPosts(), locale).map(withoutBody);
}

export type Post = PostSummary & { html: string; related: PostSummary[] };

/**
 * One post with its HTML and related posts (in the post's language), or null
 * for an unknown slug. The post may be written in another language than the
 * reader's: the route sends the reader to their version (post.slugs).
 */
export async function getPost({ slug }: { slug: string }): Promise<Post | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const posts = await allPosts();
  const found = posts.find((post) => post.slug === slug);
  if (!found) return null;
  const summary = withoutBody(found);
  const summaries = postsIn(posts, found.locale).map(withoutBody);
  return { ...summary, html: toHtml(found.body), related: relatedPosts(summary, summaries) };
}

export type ContentPageName = "privacy" | "terms" | "accessibility";
export type ContentPage = PageFrontMatter & { html: string; locale: Locale };

/**
 * A Markdown page under content/pages (privacy, terms, accessibility) in
 * `locale` (content/pages/<code>/ for a language other than English), or in
 * English where it has not been translated: `locale` says which.
 */
export async function getContentPage({
  name,
  locale,
}: {
  name: ContentPageName;
  locale: Locale;
}): Promise<ContentPage> {
  for (const candidate of new Set([locale, DEFAULT_LOCALE])) {
    const file = path.join(CONTENT_DIR, "pages", contentFolder(candidate), `${name}.md`);
    const parsed = await readMarkdown(file, PageFrontMatterSchema);
    if (parsed) return { ...parsed.attributes, html: toHtml(parsed.body), locale: candidate };
  }
  throw new Error(`Missing content page ${name}`);
}
