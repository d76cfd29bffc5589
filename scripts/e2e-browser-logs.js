// What a failed end-to-end test's pages said (tests/e2e/fixtures.ts, browserLog): written to a file in
// the test's output folder, and printed whole after the run, where CI's output keeps it (Playwright's
// reporters show only the first 300 characters of a text attachment).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const BROWSER_LOG_FILE = "browser-log.txt";

/**
 * Prints the browser log of each test under `outputDir` (Playwright's test-results folder) that
 * failed in the run begun at `since` (ms since the epoch).
 */
export function printBrowserLogs(outputDir, since) {
  if (!existsSync(outputDir)) return;
  for (const entry of readdirSync(outputDir, { withFileTypes: true })) {
    const file = path.join(outputDir, entry.name, BROWSER_LOG_FILE);
    if (!entry.isDirectory() || !existsSync(file) || statSync(file).mtimeMs < since) continue;
    const [title, ...lines] = readFileSync(file, "utf8").trimEnd().split("\n");
    console.log(`\nBrowser log of the failed test ${title}:`);
    for (const line of lines) console.log(`  ${line}`);
  }
}
