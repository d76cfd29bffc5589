// `npm run bench:zip-table`: what the US ZIP table (app/utils/zip-codes.server.ts) costs a server process,
// the way it was loaded before (the `zipcodes` package imported and kept) and the way it is now (read
// once into a compact table, the package let go): docs/decisions/0045-memory.md.
//
// Each way runs in a fresh Node process with `npm start`'s flags and --expose-gc, which imports the
// module and reads VmRSS (/proc/self/status) and the heap used, each after a gc(): before the first use,
// after it (the table loaded), and after the lookups: lookupZip, then zipRadiusMeters (the neighbour
// search) for the same BENCH_ZIP_COUNT (default 1,000) random US ZIP codes, a fixed draw from the
// package. The module as it was is taken from git (BEFORE_COMMIT). The two ways run in turn,
// BENCH_ZIP_RUNS (default 3) times each; both must give the same answers.
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serverNodeFlags } from "../scripts/server-flags.js";
import { loadAverage, positiveNumber } from "./bench-server.js";
import { printTable } from "./memory.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const LOCAL_NODE = path.join(ROOT, "node_modules", "node", "bin", "node");
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;
const MODULE = path.join(ROOT, "app", "utils", "zip-codes.server.ts");
/** The last commit whose app/utils/zip-codes.server.ts kept the package's own table. */
const BEFORE_COMMIT = "aca53428d96cdb630be6405aaa3b8967a5e9d0ce";
const RUNS = positiveNumber("BENCH_ZIP_RUNS", 3);
const COUNT = positiveNumber("BENCH_ZIP_COUNT", 1000);
const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);

/** The module as it was, in a scratch folder, its imports pointed back at this checkout. */
async function moduleBefore(scratch) {
  const source = execFileSync("git", ["show", `${BEFORE_COMMIT}:app/utils/zip-codes.server.ts`], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const resolve = createRequire(MODULE).resolve;
  const file = path.join(scratch, "zip-codes-before.server.ts");
  await writeFile(
    file,
    source
      .replace(`"./zip-radius"`, JSON.stringify(pathToFileURL(path.join(ROOT, "app", "utils", "zip-radius.ts")).href))
      .replace(`"geolib"`, JSON.stringify(pathToFileURL(resolve("geolib")).href))
      .replace(`import("zipcodes")`, `import(${JSON.stringify(pathToFileURL(resolve("zipcodes")).href)})`),
  );
  return file;
}

/** COUNT distinct US ZIP codes of the package, the same draw every time. */
function sample() {
  const { codes } = createRequire(MODULE)("zipcodes");
  const zips = Object.values(codes)
    .filter((place) => place.country === "US")
    .map((place) => place.zip);
  let seed = 45;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = zips.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [zips[i], zips[j]] = [zips[j], zips[i]];
  }
  return zips.slice(0, COUNT);
}

const PROBE = `
  import { readFileSync } from "node:fs";
  const [file, zipsFile] = process.argv.slice(-2);
  const rss = () => Number(/^VmRSS:\\s+(\\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))[1]) * 1024;
  const reading = () => (globalThis.gc(), { rss: rss(), heap: process.memoryUsage().heapUsed });
  const zips = JSON.parse(readFileSync(zipsFile, "utf8"));
  const { lookupZip, zipRadiusMeters } = await import(file);
  const before = reading();
  let startedAt = performance.now();
  await lookupZip(zips[0]);
  const loadMs = performance.now() - startedAt;
  const loaded = reading();
  startedAt = performance.now();
  const places = [];
  for (const zip of zips) places.push(await lookupZip(zip));
  const lookupMs = performance.now() - startedAt;
  startedAt = performance.now();
  const radii = [];
  for (const zip of zips) radii.push(await zipRadiusMeters(zip));
  const radiusMs = performance.now() - startedAt;
  const after = reading();
  console.log(JSON.stringify({ before, loaded, after, loadMs, lookupMs, radiusMs, answers: JSON.stringify([places, radii]) }));
`;

function probe(file, zipsFile) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      NODE,
      [...serverNodeFlags(), "--expose-gc", "--import", "tsx", "--input-type=module", "-e", PROBE, file, zipsFile],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: "production", NODE_OPTIONS: "" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.once("exit", (code) => {
      if (code === 0) resolve({ ...JSON.parse(output.trim().split("\n").at(-1)), loadAverage: loadAverage() });
      else reject(new Error(`probe of ${file} exited ${code}: ${errors.slice(-2000)}`));
    });
  });
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const scratch = await mkdtemp(path.join(os.tmpdir(), "tendly-zip-table-"));
  try {
    const zipsFile = path.join(scratch, "zips.json");
    await writeFile(zipsFile, JSON.stringify(sample()));
    const ways = { before: await moduleBefore(scratch), now: MODULE };
    const runs = { before: [], now: [] };
    console.log(`ZIP table: ${RUNS} runs of each way, ${COUNT} ZIP codes (load average ${loadAverage()}) ...`);
    for (let run = 0; run < RUNS; run++) {
      for (const way of ["before", "now"]) runs[way].push(await probe(ways[way], zipsFile));
    }
    const same = runs.before.every((result) => runs.now.every((other) => other.answers === result.answers));
    const rows = [];
    for (const way of ["before", "now"]) {
      for (const [index, r] of runs[way].entries()) {
        rows.push([
          `${way} #${index + 1}`,
          `${mb(r.before.rss)} / ${mb(r.before.heap)}`,
          `${mb(r.loaded.rss)} / ${mb(r.loaded.heap)}`,
          `${mb(r.after.rss)} / ${mb(r.after.heap)}`,
          `+${mb(r.loaded.rss - r.before.rss)} / +${mb(r.loaded.heap - r.before.heap)}`,
          Math.round(r.loadMs),
          Math.round(r.lookupMs),
          Math.round(r.radiusMs),
          r.loadAverage,
        ]);
      }
    }
    const header = [
      "way",
      "before use: RSS / heap MB",
      "loaded",
      `after ${COUNT} lookups`,
      "loading cost",
      "load ms",
      `lookupZip ×${COUNT} ms`,
      `zipRadiusMeters ×${COUNT} ms`,
      "load average",
    ];
    printTable(`The ZIP table, each way in a fresh process`, header, rows);
    for (const way of ["before", "now"]) {
      const cost = median(runs[way].map((r) => r.loaded.rss - r.before.rss));
      const heap = median(runs[way].map((r) => r.loaded.heap - r.before.heap));
      const radius = median(runs[way].map((r) => r.radiusMs));
      console.log(
        `${way}: loading costs ${mb(cost)} MB of RSS, ${mb(heap)} MB of heap (medians); ${COUNT} neighbour searches ${Math.round(radius)} ms`,
      );
    }
    console.log(`Same answers both ways: ${same ? "yes" : "NO"}`);
    if (!same) process.exitCode = 1;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
