import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import frontMatter from "front-matter";
import { marked } from "marked";
import {
  PageFrontMatterSchema,
  PostFrontMatterSchema,
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

type Parsed<T> = { attributes: T; body: string };

async function readMarkdown<T>(file: string, schema: { parse: (value: unknown) => T }): Promise<Parsed<T> | null> {
  const source = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (source === null) return null;
  const { attributes, body } = frontMatter<unknown>(source);
  return { attributes: schema.parse(attributes), body };
}

const toHtml = (markdown: string) => marked.parse(markdown, { async: false, gfm: true });

// Posts change only with a deploy: read once per process.
let postsCache: Promise<(PostSummary & { body: string })[]> | undefined;

async function loadPosts() {
  const dir = path.join(CONTENT_DIR, "blog");
  const files = (await readdir(dir)).filter((file) => file.endsWith(".md"));
  const posts = await Promise.all(
    files.map(async (file) => {
      const slug = file.slice(0, -3);
      if (!SLUG_PATTERN.test(slug)) throw new Error(`Blog post file name is not a slug: ${file}`);
      const parsed = (await readMarkdown(path.join(dir, file), PostFrontMatterSchema))!;
      return {
        ...parsed.attributes,
        slug,
        date: parsed.attributes.date.toISOString().slice(0, 10),
        readingMinutes: readingMinutes(parsed.body),
        body: parsed.body,
      };
    }),
  );
  return posts.sort((a, b) => b.date.localeCompare(a.date));
}

function allPosts() {
  postsCache ??= loadPosts().catch((error: unknown) => {
    postsCache = undefined;
    throw error;
  });
  return postsCache;
}

/** Every post, newest first, without bodies. */
export async function listPosts(): Promise<PostSummary[]> {
  return (await allPosts()).map(({ body: _body, ...summary }) => summary);
}

export type Post = PostSummary & { html: string; related: PostSummary[] };

/** One post with its HTML and related posts, or null for an unknown slug. */
export async function getPost({ slug }: { slug: string }): Promise<Post | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const posts = await allPosts();
  const found = posts.find((post) => post.slug === slug);
  if (!found) return null;
  const { body, ...summary } = found;
  const summaries = posts.map(({ body: _body, ...rest }) => rest);
  return { ...summary, html: toHtml(body), related: relatedPosts(summary, summaries) };
}

export type ContentPage = PageFrontMatter & { html: string };

/** A Markdown page under content/pages (privacy, terms, accessibility). */
export async function getContentPage({ name }: { name: "privacy" | "terms" | "accessibility" }): Promise<ContentPage> {
  const parsed = await readMarkdown(path.join(CONTENT_DIR, "pages", `${name}.md`), PageFrontMatterSchema);
  if (!parsed) throw new Error(`Missing content page ${name}`);
  return { ...parsed.attributes, html: toHtml(parsed.body) };
}
