import { spawnSync } from "node:child_process";
import { isBuildCurrent, markBuildCurrent } from "./build-state.js";

/** Builds the production bundle unless build/ already matches the sources. */
export function ensureBuild({ log = console.log } = {}) {
  if (isBuildCurrent()) return false;
  log("Building Tendly for production (about 10 s) ...");
  const result = spawnSync("react-router", ["build"], { stdio: ["ignore", "inherit", "inherit"], shell: false });
  if (result.status !== 0) {
    throw new Error(`The production build failed (exit code ${result.status ?? result.signal}).`);
  }
  markBuildCurrent();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuild();
}
