import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { tuWordsInMarkdown } from "~/i18n/usted";

// The Spanish pages and posts speak to the reader as usted, as the catalogue does (docs/product-rules.md, "Languages").

const CONTENT = path.resolve(import.meta.dirname, "../../../content");
const spanishFiles = ["pages/es", "blog/es"].flatMap((folder) =>
  readdirSync(path.join(CONTENT, folder))
    .filter((file) => file.endsWith(".md"))
    .map((file) => `${folder}/${file}`),
);

describe("the Spanish content", () => {
  test("has the legal pages and every post", () => {
    expect(spanishFiles.filter((file) => file.startsWith("pages/")).sort()).toEqual([
      "pages/es/accessibility.md",
      "pages/es/privacy.md",
      "pages/es/terms.md",
    ]);
    const englishPosts = readdirSync(path.join(CONTENT, "blog")).filter((file) => file.endsWith(".md"));
    expect(spanishFiles.filter((file) => file.startsWith("blog/"))).toHaveLength(englishPosts.length);
  });

  test.each(spanishFiles)("%s uses usted", (file) => {
    expect(tuWordsInMarkdown(readFileSync(path.join(CONTENT, file), "utf8"))).toEqual([]);
  });
});
