import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";

// app/routes/ holds route modules and their server halves, nothing else (docs/architecture.md, "1. Layers"):
// screen parts belong in app/components/, browser code in app/client/. A module there that no route names
// is one of those in the wrong place.

/** The route modules app/routes.ts names, as paths from the repository's root. */
export function routeModules(routesSource: string): Set<string> {
  return new Set([...routesSource.matchAll(/["'](routes\/[^"']+\.tsx?)["']/g)].map((match) => `app/${match[1]}`));
}

/** The modules under app/routes/ that are neither a named route nor the server half (`<route>.server.ts`) of one. */
export function strayModules(files: readonly string[], routes: ReadonlySet<string>): string[] {
  return files.filter((file) => {
    if (routes.has(file)) return false;
    const half = /^(.*)\.server\.ts$/.exec(file)?.[1];
    return !(half && (routes.has(`${half}.tsx`) || routes.has(`${half}.ts`)));
  });
}

describe("the routes folder", () => {
  test("the check names a module no route uses, and passes routes and their server halves", () => {
    const routes = routeModules('route("a", "routes/area/page.tsx"), index("routes/area/feed.ts")');
    expect([...routes]).toEqual(["app/routes/area/page.tsx", "app/routes/area/feed.ts"]);
    expect(
      strayModules(
        [
          "app/routes/area/page.tsx",
          "app/routes/area/page.server.ts",
          "app/routes/area/feed.ts",
          "app/routes/area/part.tsx",
          "app/routes/shared/loader.server.ts",
        ],
        routes,
      ),
    ).toEqual(["app/routes/area/part.tsx", "app/routes/shared/loader.server.ts"]);
  });

  test("holds only route modules and their server halves", () => {
    const routes = routeModules(readFileSync(path.join(ROOT, "app/routes.ts"), "utf8"));
    expect(routes.size).toBeGreaterThan(100);
    const files = sourceFiles("app/routes", /\.tsx?$/, { skipFolders: ["+types"] });
    expect(strayModules(files, routes)).toEqual([]);
  });
});
