import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { importedSpecifiers, resolveImport } from "../support/namespace-usage";

// A signed-out visitor's first page loads the chrome around every page (the root route's modules) and the public
// page's own before anything answers (docs/decisions/0041-what-a-page-carries.md). Packages only signed-in pages
// need stay out of that graph: date-fns and its zones (about 10 KB gzipped) are for visits and schedules; the
// chrome and the public pages write dates with Intl (utils/intl-dates.ts). A dynamic import() loads on use and
// is not followed.

const ROOT = path.resolve(import.meta.dirname, "../..");
const KEPT_OUT = [/^date-fns(\/|$)/, /^@date-fns\//];

/** Each module `entry` loads with it, with the package imports of each. */
function staticGraph(entry: string) {
  const packages = new Map<string, string[]>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (packages.has(file)) continue;
    const specifiers = importedSpecifiers(readFileSync(path.join(ROOT, file), "utf8"), { dynamic: false });
    packages.set(
      file,
      specifiers.filter((specifier) => !specifier.startsWith("~/") && !specifier.startsWith(".")),
    );
    for (const specifier of specifiers) {
      const target = resolveImport(file, specifier);
      if (target) pending.push(target);
    }
  }
  return packages;
}

function keptOutPackagesIn(entry: string): string[] {
  return [...staticGraph(entry)].flatMap(([file, packages]) =>
    packages.filter((name) => KEPT_OUT.some((pattern) => pattern.test(name))).map((name) => `${file}: ${name}`),
  );
}

const PUBLIC_PAGES = readdirSync(path.join(ROOT, "app/routes/public"))
  .filter((name) => /^[^.]+\.tsx$/.test(name))
  .map((name) => `app/routes/public/${name}`);

describe("what a signed-out visitor's first page loads", () => {
  test("the chrome around every page imports no date library", () => {
    expect(keptOutPackagesIn("app/root.tsx")).toEqual([]);
  });

  test.each(PUBLIC_PAGES)("%s imports no date library", (page) => {
    expect(keptOutPackagesIn(page)).toEqual([]);
  });

  test("the check finds date-fns where a module loads it", () => {
    expect(keptOutPackagesIn("app/utils/datetime.ts")).toContain("app/utils/datetime.ts: date-fns/format");
  });
});
