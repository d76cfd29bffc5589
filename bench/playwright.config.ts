import path from "node:path";
import { defineConfig } from "@playwright/test";
import base from "../playwright.config";

// `npm run bench:application`: the end-to-end setup (production build, throw-away
// data directory, Debian's Chromium) for bench/application-effort.bench.ts.
const ROOT = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: "*.bench.ts",
  outputDir: path.join(ROOT, "test-results", "bench"),
  reporter: [["list"]],
  workers: 1,
  timeout: 120_000,
  webServer: { ...base.webServer, cwd: ROOT } as typeof base.webServer,
});
