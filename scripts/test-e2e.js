// `npm run test:e2e [-- playwright args]`: the end-to-end tests in Chromium
// against the production build. Without Chromium they are skipped with a
// message (exit 0), so that the rest of `npm test` still counts.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { ensureBuild } from "./ensure-build.js";

const ROOT = path.resolve(import.meta.dirname, "..");

/** @returns {{ status: "passed" | "failed" | "skipped", code: number, reason?: string }} */
export function runEndToEndTests(args = []) {
  const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
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

  const localNode = path.join(ROOT, "node_modules", ".bin", "node");
  const result = spawnSync(
    existsSync(localNode) ? localNode : process.execPath,
    [path.join(ROOT, "node_modules", "@playwright", "test", "cli.js"), "test", ...args],
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, CHROME_PATH: chromePath } },
  );
  if (result.error) {
    console.error(`Could not run Playwright: ${result.error.message}`);
    return { status: "failed", code: 1, reason: result.error.message };
  }
  const code = result.status ?? 1;
  return {
    status: code === 0 ? "passed" : "failed",
    code,
    reason: result.signal ? `killed by ${result.signal}` : undefined,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.chdir(ROOT);
  process.exitCode = runEndToEndTests(process.argv.slice(2)).code;
}
