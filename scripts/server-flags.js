import { readFileSync } from "node:fs";

/**
 * The Node flags `npm start` gives the server (package.json's "start" script), for what starts the production
 * build another way, such as the benchmarks. The memory they save is in docs/decisions/0045-memory.md.
 */
export function serverNodeFlags() {
  const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return scripts.start.split(/\s+/).filter((word) => /^--[a-z]/.test(word));
}
