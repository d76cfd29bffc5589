import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { isBuildCurrent, markBuildCurrent } from "./build-state.js";

/** Builds the production bundle unless build/ already matches the sources. */
export function ensureBuild({ log = console.log } = {}) {
  if (isBuildCurrent()) return false;
  log("Building Tendly for production (about 10 s) ...");
  // The CLI runs on this same Node, so `node scripts/start.js` works outside npm too.
  const cli = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@react-router/dev/package.json")),
    "bin.cjs",
  );
  const result = spawnSync(process.execPath, [cli, "build"], { stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) {
    throw new Error(`The production build failed (exit code ${result.status ?? result.signal}).`);
  }
  markBuildCurrent();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuild();
}
