// `npm run test:e2e [-- playwright args]`: the end-to-end tests in Chromium
// against the production build. Without Chromium they are skipped with a
// message (exit 0), so that the rest of `npm test` still counts.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { ensureBuild } from "./ensure-build.js";
import { CHROME_PATH } from "./chromium.js";
import { printBrowserLogs } from "./e2e-browser-logs.js";

const ROOT = path.resolve(import.meta.dirname, "..");

// oxlint-disable-next-line no-control-regex -- ANSI colour codes
const withoutColours = (output) => output.replace(/\u001b\[[0-9;]*m/g, "");

/** Test counts from the closing lines of Playwright's list reporter. */
function countsFromOutput(output) {
  const plain = withoutColours(output);
  const count = (label) => Number(new RegExp(`^\\s+(\\d+) ${label}\\b`, "m").exec(plain)?.[1] ?? 0);
  const counts = { passed: count("passed"), failed: count("failed"), flaky: count("flaky"), skipped: count("skipped") };
  counts.skipped += count("did not run");
  return counts.passed + counts.failed + counts.flaky + counts.skipped > 0 ? counts : undefined;
}

/** The failed tests the list reporter names under its closing "N failed" line ("file:line › title"). */
function failuresFromOutput(output) {
  const plain = withoutColours(output);
  const list = /^\s+\d+ failed\n((?:\s{4}\S.*\n?)+)/m.exec(plain)?.[1] ?? "";
  return list
    .split("\n")
    .map((line) => line.trim().replace(/^\[[^\]]+\] › /, ""))
    .filter(Boolean);
}

/**
 * @returns {Promise<{ status: "passed" | "failed" | "skipped", code: number, reason?: string,
 *   counts?: { passed: number, failed: number, flaky: number, skipped: number }, failures?: string[] }>}
 */
export async function runEndToEndTests(args = []) {
  const chromePath = CHROME_PATH;
  if (!existsSync(chromePath)) {
    console.log(
      `End-to-end tests skipped: no Chromium at ${chromePath}. Install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH.`,
    );
    return { status: "skipped", code: 0, reason: `no Chromium at ${chromePath}` };
  }

  // The project's own tools (react-router, and Node 24 from the `node`
  // package) first on the PATH, also when this file is run without npm.
  process.env.PATH = `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`;
  try {
    ensureBuild();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return { status: "failed", code: 1, reason: "the production build failed" };
  }

  const startedAt = Date.now();
  const localNode = path.join(ROOT, "node_modules", ".bin", "node");
  const child = spawn(
    existsSync(localNode) ? localNode : process.execPath,
    [path.join(ROOT, "node_modules", "@playwright", "test", "cli.js"), "test", ...args],
    {
      cwd: ROOT,
      // Output is passed through (and read for the counts): keep colours on a terminal.
      stdio: ["inherit", "pipe", "inherit"],
      env: { ...process.env, CHROME_PATH: chromePath, ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}) },
    },
  );
  let tail = "";
  child.stdout.on("data", (chunk) => {
    process.stdout.write(chunk);
    tail = (tail + chunk.toString()).slice(-20_000);
  });
  const result = await new Promise((resolve) => {
    child.once("error", (error) => resolve({ error }));
    child.once("close", (code, signal) => resolve({ code, signal }));
  });
  if (result.error) {
    console.error(`Could not run Playwright: ${result.error.message}`);
    return { status: "failed", code: 1, reason: result.error.message };
  }
  const code = result.code ?? 1;
  if (code !== 0) printBrowserLogs(path.join(ROOT, "test-results"), startedAt);
  return {
    status: code === 0 ? "passed" : "failed",
    code,
    reason: result.signal ? `killed by ${result.signal}` : undefined,
    counts: countsFromOutput(tail),
    failures: failuresFromOutput(tail),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.chdir(ROOT);
  process.exitCode = (await runEndToEndTests(process.argv.slice(2))).code;
}
