import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";

// Features depend on one another one way only (docs/architecture.md, "1. Layers"): when
// visits import orders, nothing in orders imports visits, tests beside the code included.
// The import cycle rule of the lint sees files; this check sees folders, where a two-way
// pair is a cycle in waiting and a sign that something lives in the wrong feature.

type Edge = { from: string; to: string; file: string };

/** The imports of another feature's module in one file (static, re-exports and dynamic). */
export function featureImports(file: string, source: string): Edge[] {
  const from = file.split("/")[2]!;
  const pattern = /(?:from\s+|import\s*\(\s*)["']~\/features\/([^/"']+)\//g;
  return [...source.matchAll(pattern)].map((match) => ({ from, to: match[1]!, file })).filter((e) => e.to !== from);
}

/** Pairs of features that import each other, each with the files that do it. */
export function twoWayPairs(edges: readonly Edge[]): { pair: string; files: string[] }[] {
  const byDirection = new Map<string, Set<string>>();
  for (const edge of edges) {
    const key = `${edge.from} -> ${edge.to}`;
    byDirection.set(key, (byDirection.get(key) ?? new Set()).add(edge.file));
  }
  const pairs: { pair: string; files: string[] }[] = [];
  for (const [key, files] of byDirection) {
    const [from, to] = key.split(" -> ") as [string, string];
    const back = byDirection.get(`${to} -> ${from}`);
    if (from < to && back) pairs.push({ pair: `${from} <-> ${to}`, files: [...files, ...back].toSorted() });
  }
  return pairs;
}

describe("feature dependencies", () => {
  test("the check finds a pair that imports each other, in static, re-exported and dynamic imports", () => {
    const edges = [
      ...featureImports("app/features/orders/a.server.ts", 'import { x } from "~/features/visits/check-in.server";'),
      ...featureImports("app/features/visits/b.ts", 'export { y } from "~/features/orders/order-helpers";'),
      ...featureImports("app/features/visits/c.ts", 'const z = await import("~/features/billing/billing.job");'),
      ...featureImports("app/features/billing/d.ts", 'import { w } from "~/features/billing/billing-rules";'),
    ];
    expect(edges.map((edge) => `${edge.from}->${edge.to}`)).toEqual([
      "orders->visits",
      "visits->orders",
      "visits->billing",
    ]);
    expect(twoWayPairs(edges)).toEqual([
      { pair: "orders <-> visits", files: ["app/features/orders/a.server.ts", "app/features/visits/b.ts"] },
    ]);
  });

  test("no two features import each other", () => {
    const files = sourceFiles("app/features", /\.tsx?$/, { withTests: true });
    expect(files.length).toBeGreaterThan(100);
    const edges = files.flatMap((file) => featureImports(file, readFileSync(path.join(ROOT, file), "utf8")));
    expect(edges.length).toBeGreaterThan(50);
    expect(twoWayPairs(edges)).toEqual([]);
  });
});
