import { readFile } from "node:fs/promises";
import path from "node:path";

const texts = new Map<string, Promise<string | undefined>>();

/**
 * The text of a style sheet of the client build, by its URL (/assets/...),
 * read once per process; undefined when the build has no such file (the dev
 * server serves its styles from memory) or the URL points elsewhere.
 */
export function readBuiltStylesheet(
  href: string,
  clientDir = path.resolve("build/client"),
): Promise<string | undefined> {
  const file = path.join(clientDir, path.posix.normalize(`/${new URL(href, "http://localhost").pathname}`));
  if (!file.startsWith(`${clientDir}${path.sep}`) || path.extname(file) !== ".css") return Promise.resolve(undefined);
  let text = texts.get(file);
  if (!text) {
    text = readFile(file, "utf8").catch(() => undefined);
    texts.set(file, text);
  }
  return text;
}
