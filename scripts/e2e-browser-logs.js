// What a failed end-to-end test's pages said (tests/e2e/fixtures.ts, browserLog): written to a file in
// the test's output folder, and printed whole after the run, where CI's output keeps it (Playwright's
// reporters show only the first 300 characters of a text attachment). With it, the error and the
// test's line it stopped at, from Playwright's error-context.md in the same folder: the reporter's own
// account of the failure scrolls out of a CI log that keeps only the end.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const BROWSER_LOG_FILE = "browser-log.txt";
const ERROR_CONTEXT_FILE = "error-context.md";
/** Lines of an error's message and call log printed; the rest is in the test's output folder. */
const MAX_ERROR_LINES = 20;

/**
 * From Playwright's error-context.md: the first lines of "# Error details" (the error and its call log)
 * and the line of "# Test source" marked ">" (where the test stopped), without the page snapshot.
 */
export function failureFromErrorContext(markdown) {
  const section = (heading) =>
    new RegExp(`^# ${heading}\\n+\`\`\`[a-z]*\\n([\\s\\S]*?)\`\`\``, "m").exec(markdown)?.[1] ?? "";
  const error = section("Error details")
    .trimEnd()
    .split("\n")
    .filter((line) => line.trim() !== "");
  const stoppedAt = section("Test source")
    .split("\n")
    .find((line) => /^>\s*\d+ \|/.test(line));
  return [...error.slice(0, MAX_ERROR_LINES), ...(stoppedAt ? [`at ${stoppedAt.replace(/^>\s*/, "line ")}`] : [])];
}

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
    const context = path.join(outputDir, entry.name, ERROR_CONTEXT_FILE);
    if (!existsSync(context)) continue;
    console.log(`Why it failed:`);
    for (const line of failureFromErrorContext(readFileSync(context, "utf8"))) console.log(`  ${line}`);
  }
}
