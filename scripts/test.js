// `npm test`: unit and integration tests (Vitest), then the end-to-end tests
// (Playwright, scripts/test-e2e.js). Every part runs even if an earlier one
// failed, a summary line per part follows, and the exit code is non-zero if
// any part failed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
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

function runPart(name, run) {
  console.log(`\n=== ${name} ===\n`);
  const startedAt = performance.now();
  const result = run();
  parts.push({ name, ...result, time: seconds(startedAt) });
}

runPart("Unit and integration tests (Vitest)", () => {
  const result = spawnSync(NODE, [path.join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run"], {
    stdio: "inherit",
  });
  const code = result.status ?? 1;
  return {
    status: code === 0 ? "passed" : "failed",
    code,
    reason: result.error?.message ?? result.signal ?? undefined,
  };
});

runPart("End-to-end tests (Playwright)", () => runEndToEndTests());

console.log("\nSummary");
for (const part of parts) {
  const detail = part.reason ? ` (${part.reason})` : "";
  console.log(`  ${part.status.toUpperCase().padEnd(7)} ${part.name} in ${part.time}${detail}`);
}
const failed = parts.filter((part) => part.status === "failed");
console.log(failed.length === 0 ? "All test parts passed." : `${failed.length} of ${parts.length} test parts failed.`);
process.exitCode = failed.length === 0 ? 0 : 1;
