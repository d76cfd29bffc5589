import { readdirSync } from "node:fs";
import path from "node:path";

/** The repository's root folder. */
export const ROOT = path.resolve(import.meta.dirname, "..", "..");

/**
 * A probe module of the layer-rule tests (tests/lint/boundaries.test.ts): written and deleted again while other
 * tests read the tree, so a reader that listed it could find it gone.
 */
const LINT_PROBE = /(^|\/)__lint_probe__/;
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The files under `folder` (a path from the repository's root) whose paths match `pattern`, as paths from the
 * root with forward slashes: tests left out unless `withTests`, and the folders named in `skipFolders` not entered.
 */
export function sourceFiles(
  folder: string,
  pattern: RegExp,
  { withTests = false, skipFolders = [] }: { withTests?: boolean; skipFolders?: string[] } = {},
): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory())
      return skipFolders.includes(entry.name) ? [] : sourceFiles(file, pattern, { withTests, skipFolders });
    if (LINT_PROBE.test(file) || (!withTests && TEST_FILE.test(file))) return [];
    return pattern.test(file) ? [file] : [];
  });
}
