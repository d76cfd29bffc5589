import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import lists from "~/i18n/locales/en/lists";

// The admin lists word their kit through `tl("…")`, t() of the `lists` namespace (app/i18n/locales/en/lists.ts):
// every key a list uses is there (a missing one would show as its key).

const ROUTES = join(import.meta.dirname, "../../app/routes/admin");

function has(tree: unknown, key: string): boolean {
  let node = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

test("every lists key an admin list uses exists", () => {
  const used = readdirSync(ROUTES)
    .filter((file) => file.endsWith(".tsx"))
    .flatMap((file) =>
      [...readFileSync(join(ROUTES, file), "utf8").matchAll(/\btl\(\s*[`"]([\w.]+)[`"]/g)].map((match) => ({
        file,
        key: match[1]!,
      })),
    );
  expect(used.length).toBeGreaterThan(20);
  expect(used.filter(({ key }) => !has(lists, key))).toEqual([]);
});
