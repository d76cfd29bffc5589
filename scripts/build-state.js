// Whether the production build matches the sources: a hash of every input of
// `react-router build`, written into build/ after a successful build.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const INPUTS = [
  "app",
  "server",
  "public",
  "content",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const STAMP = "build/.source-hash";

function walk(entry, files) {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  if (stat.isDirectory()) {
    for (const name of readdirSync(entry).sort()) walk(path.join(entry, name), files);
  } else {
    files.push(entry);
  }
}

export function sourceHash(root = process.cwd()) {
  const files = [];
  for (const input of INPUTS) walk(path.join(root, input), files);
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

export function isBuildCurrent(root = process.cwd()) {
  const stamp = path.join(root, STAMP);
  return (
    existsSync(path.join(root, "build/server/index.js")) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === sourceHash(root)
  );
}

export function markBuildCurrent(root = process.cwd()) {
  writeFileSync(path.join(root, STAMP), sourceHash(root));
}
