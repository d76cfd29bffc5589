import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";

// The test suite's own rules (docs/decisions/0023-a-fast-test-loop.md): no test waits a fixed time, and
// every end-to-end timeout comes from tests/e2e/timeouts.ts.

function sourcesUnder(folder: string): { file: string; text: string }[] {
  return sourceFiles(folder, /\.(ts|tsx|js)$/, { withTests: true, skipFolders: ["node_modules"] }).map((file) => ({
    file,
    text: readFileSync(path.join(ROOT, file), "utf8"),
  }));
}

function linesMatching(sources: { file: string; text: string }[], pattern: RegExp) {
  return sources.flatMap(({ file, text }) =>
    text.split("\n").flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

/**
 * Pauses that are not waits for a fixed time, each with its reason: the interval of a loop that polls a
 * condition with a deadline of its own, or a child process made to hang until its test kills it.
 */
const ALLOWED_PAUSES: Record<string, string> = {
  "tests/e2e/app-server.ts": "polls /healthz until the server it started answers, or its deadline",
  "tests/e2e/server-start-stop.test.ts":
    "lets the server read page loads already sent on open connections before the stop signal, which nothing " +
    "outside its process can observe",
  "tests/e2e/server-processes.ts":
    "polls /healthz and the server's output until they answer, or a deadline; bounds an exit it waits for",
  "tests/e2e/chrome-header.test.ts":
    "waits one timer turn in the page, after which an open panel listens for clicks outside (it starts to from a timer)",
  "tests/integration/backup.test.ts": "polls the rows a writer has written until there are 20",
  "tests/integration/server-drain.test.ts":
    "paces sixteen requests 15 ms apart, so that connections arrive while the server renders; it waits for nothing",
  "tests/integration/realtime-reconnect.test.ts": "the interval of eventually(), which polls a condition",
  "tests/integration/fixtures/register-and-crash.ts": "hangs until its test kills it, and ends if nobody does",
  "tests/integration/fixtures/email-runner.ts": "hangs until its test kills it, and ends if nobody does",
};

describe("the test suite", () => {
  const tests = sourcesUnder("tests");

  test("waits for conditions, never for a fixed time", () => {
    expect(linesMatching(tests, /\.waitForTimeout\(/)).toEqual([]);
    const sleeps = linesMatching(tests, /setTimeout\(\s*(resolve|\(\)\s*=>\s*resolve)\b/).filter(
      (line) => !Object.hasOwn(ALLOWED_PAUSES, line.split(":")[0]!),
    );
    expect(sleeps).toEqual([]);
  });

  test("end-to-end timeouts come from tests/e2e/timeouts.ts", () => {
    const e2e = sourcesUnder("tests/e2e").filter(({ file }) => file !== path.join("tests", "e2e", "timeouts.ts"));
    expect(linesMatching(e2e, /\btimeout:\s*\d|\.setTimeout\(\s*\d/)).toEqual([]);
  });
});
