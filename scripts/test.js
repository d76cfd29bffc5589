// `npm test`: unit and lint tests, integration tests (Vitest; on a throw-away
// embedded PostgreSQL, or on TEST_DATABASE_URL's server when it is set), then
// the end-to-end tests (Playwright, scripts/test-e2e.js). Every part runs even
// if an earlier one failed; then one summary line per part with its time, the
// test counts, and an exit code that is non-zero if any part failed.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runEndToEndTests } from "./test-e2e.js";

const ROOT = path.resolve(import.meta.dirname, "..");
process.chdir(ROOT);

if (process.argv.length > 2) {
  console.error(
    "npm test runs every test and takes no arguments. For some tests: npx vitest run <files or -t name>, or npm run test:e2e -- <Playwright arguments>.",
  );
  process.exit(2);
}

// The project's Node 24 (the `node` package), also when started as `node scripts/test.js` from an older Node.
const localNode = path.join(ROOT, "node_modules", ".bin", "node");
const NODE = existsSync(localNode) ? localNode : process.execPath;

const seconds = (startedAt) => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
const parts = [];

async function runPart(name, run) {
  console.log(`\n=== ${name} ===\n`);
  const startedAt = performance.now();
  const result = await run();
  parts.push({ name, ...result, time: seconds(startedAt) });
}

async function runVitest(projects) {
  const reportDir = await mkdtemp(path.join(os.tmpdir(), "tendly-vitest-"));
  const report = path.join(reportDir, "report.json");
  try {
    const child = spawn(
      NODE,
      [
        path.join(ROOT, "node_modules", "vitest", "vitest.mjs"),
        "run",
        ...projects.flatMap((project) => ["--project", project]),
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${report}`,
      ],
      { stdio: "inherit" },
    );
    const result = await new Promise((resolve) => {
      child.once("error", (error) => resolve({ error }));
      child.once("close", (code, signal) => resolve({ code, signal }));
    });
    const code = result.code ?? 1;
    let counts;
    let failures;
    try {
      const json = JSON.parse(await readFile(report, "utf8"));
      counts = {
        passed: json.numPassedTests,
        failed: json.numFailedTests,
        flaky: 0,
        skipped: json.numPendingTests + json.numTodoTests,
      };
      failures = json.testResults.flatMap((file) =>
        file.assertionResults
          .filter((test) => test.status === "failed")
          .map((test) => `${path.relative(ROOT, file.name)} › ${test.fullName}`),
      );
    } catch {
      // No report (Vitest did not start): the exit code says enough.
    }
    // Failed tests fail the part even if the exit code said otherwise.
    const isPassed = code === 0 && (counts?.failed ?? 0) === 0;
    return {
      status: isPassed ? "passed" : "failed",
      code: isPassed ? 0 : code || 1,
      reason: result.error?.message ?? result.signal ?? undefined,
      counts,
      failures,
    };
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}

const integrationServer = process.env.TEST_DATABASE_URL ? "TEST_DATABASE_URL" : "embedded PostgreSQL";
await runPart("Unit and lint tests (Vitest)", () => runVitest(["unit", "lint"]));
await runPart(`Integration tests on ${integrationServer} (Vitest)`, () => runVitest(["integration"]));
await runPart("End-to-end tests (Playwright)", () => runEndToEndTests());

const MAX_NAMED_FAILURES = 20;
console.log("\nSummary");
const total = { passed: 0, failed: 0, skipped: 0 };
for (const part of parts) {
  const details = [];
  if (part.counts) {
    const { passed, failed, flaky, skipped } = part.counts;
    details.push(`${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky` : ""}, ${skipped} skipped`);
    total.passed += passed + flaky;
    total.failed += failed;
    total.skipped += skipped;
  }
  if (part.reason) details.push(part.reason);
  const detail = details.length > 0 ? ` (${details.join("; ")})` : "";
  console.log(`  ${part.status.toUpperCase().padEnd(7)} ${part.name} in ${part.time}${detail}`);
  // Named here too: a long run's own list of them is far above the end of its output.
  const failures = part.failures ?? [];
  for (const failure of failures.slice(0, MAX_NAMED_FAILURES)) console.log(`            failed: ${failure}`);
  if (failures.length > MAX_NAMED_FAILURES) console.log(`            and ${failures.length - MAX_NAMED_FAILURES} more`);
}
const failedParts = parts.filter((part) => part.status === "failed");
console.log(
  failedParts.length === 0 ? "All test parts passed." : `${failedParts.length} of ${parts.length} test parts failed.`,
);
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = failedParts.length === 0 ? 0 : 1;
