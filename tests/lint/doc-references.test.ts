import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";

// Comments, lint messages and docs point readers at our documents, often at a
// heading: `docs/product-rules.md, "Visits"`. A renamed heading or a moved
// document would leave such a pointer silently wrong, so every pointer is read
// here and held against the documents as they are.

/** Each document named in `text`, with the headings quoted right after it (`docs/x.md, "A", "B"`). */
export function docReferences(text: string): { doc: string; headings: string[] }[] {
  const pattern = /\b(docs\/[\w./-]+\.md)((?:[,:]?\s*\(?"[^"\n]+")*)/g;
  return [...text.matchAll(pattern)].map((match) => ({
    doc: match[1]!,
    headings: [...(match[2] ?? "").matchAll(/"([^"\n]+)"/g)].map((heading) => heading[1]!),
  }));
}

/**
 * What a reference may point at in a Markdown document: its headings (without their #s) and the
 * lead-ins of its list items, bold ("- **Stripe at its HTTP boundary.** …") or before a colon ("- Order: …").
 */
export function headingsOf(markdown: string): Set<string> {
  const headings = [...markdown.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((match) => match[1]!);
  const leadIns = [...markdown.matchAll(/^\s*[-*]\s+(?:\*\*(.+?)\*\*|([^:*\n]{1,60}):\s)/gm)].map((match) =>
    (match[1] ?? match[2]!).replace(/[.:]$/, ""),
  );
  return new Set([...headings, ...leadIns]);
}

const SCANNED = ["app", "server", "scripts", "tests", "bench", "docs"] as const;

function brokenReferences() {
  const listed = SCANNED.flatMap((folder) =>
    sourceFiles(folder, /\.(ts|tsx|js|mjs|md|sql)$/, { withTests: true, skipFolders: ["node_modules"] }),
  );
  // This file's own examples are not references.
  const files = listed.filter((file) => file !== "tests/lint/doc-references.test.ts");
  files.push(".oxlintrc.json", "README.md", ".ci/run", "playwright.config.ts", "vitest.config.ts", "vite.config.ts");
  const headings = new Map<string, Set<string> | null>();
  const broken: string[] = [];
  let count = 0;
  for (const file of files) {
    for (const { doc, headings: named } of docReferences(readFileSync(path.join(ROOT, file), "utf8"))) {
      if (!headings.has(doc)) {
        const target = path.join(ROOT, doc);
        headings.set(doc, existsSync(target) ? headingsOf(readFileSync(target, "utf8")) : null);
      }
      const known = headings.get(doc);
      count += 1;
      if (!known) broken.push(`${file}: ${doc} does not exist`);
      else for (const heading of named) if (!known.has(heading)) broken.push(`${file}: ${doc} has no "${heading}"`);
    }
  }
  return { broken, count };
}

describe("references to our documents", () => {
  test("a reference names its document and the headings quoted after it", () => {
    expect(
      docReferences('see docs/product-rules.md, "Visits", "Billing and pay"; (docs/decisions/0001-a.md) and more'),
    ).toEqual([
      { doc: "docs/product-rules.md", headings: ["Visits", "Billing and pay"] },
      { doc: "docs/decisions/0001-a.md", headings: [] },
    ]);
    expect(docReferences('// (docs/architecture.md, "1. Layers")')).toEqual([
      { doc: "docs/architecture.md", headings: ["1. Layers"] },
    ]);
    expect([...headingsOf("# Title\n\nText\n## 1. Layers\n### A flow  \n")]).toEqual(["Title", "1. Layers", "A flow"]);
    expect([
      ...headingsOf("- **Stripe at its HTTP boundary.** We keep\n- Order: each stream\n- plain text, no lead-in\n"),
    ]).toEqual(["Stripe at its HTTP boundary", "Order"]);
  });

  test("every document named exists, and every heading named is one of its headings", () => {
    const { broken, count } = brokenReferences();
    expect(count).toBeGreaterThan(300);
    expect(broken).toEqual([]);
  });
});
