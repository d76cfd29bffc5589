// `npm run bench:memory` (also part of `npm run bench`): where the production
// server's memory goes (docs/decisions/0045-memory.md).
//
// The production server (bench/serve.js: what `npm start` runs, minus its
// build check) on a throw-away data directory, started with
// --heapsnapshot-signal so that the bench alone can ask it for a heap snapshot.
// It runs with the Node flags of `npm start` (scripts/server-flags.js). Its resident set size (VmRSS in /proc/<pid>/status, with its anonymous and
// file-backed parts) is read:
// 1. once it answers /healthz (fresh data directory: migrations and demo seed);
// 2. after every public page (each address of /sitemap.xml, then in Spanish) and
//    the signed-in pages of each role: the demo client, caregiver and
//    administrator sign in through the /login/desktop form, and the links of
//    their pages are followed, one page of each shape (ids folded), up to
//    BENCH_MEMORY_PAGES_PER_ROLE (default 40) pages a role;
// 3. after BENCH_MEMORY_LOAD_SECONDS (default 20) of mixed load: BENCH_CONNECTIONS
//    (default 4) clients, each asking for a random page of that list, in turn;
// then a heap snapshot is taken and summed by constructor and by package (the
// source text V8 keeps for each module), and, unless BENCH_MEMORY_MODULES=0,
// each package the server build imports is imported alone in a fresh Node
// process to measure what it costs to load. Each figure is printed next to its
// goal: under 200 MB after start, under 300 MB after the load (per process).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { ensureBuild } from "../scripts/ensure-build.js";
import { serverNodeFlags } from "../scripts/server-flags.js";
import { freePort, loadAverage, positiveNumber, scratchDir, SERVER_SETTINGS } from "./bench-server.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const LOCAL_NODE = path.join(ROOT, "node_modules", "node", "bin", "node");
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;
const LOAD_SECONDS = positiveNumber("BENCH_MEMORY_LOAD_SECONDS", 20);
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 4);
const PAGES_PER_ROLE = positiveNumber("BENCH_MEMORY_PAGES_PER_ROLE", 40);
const MEASURE_MODULES = process.env.BENCH_MEMORY_MODULES !== "0";
const TOP = 15;
export const MEMORY_GOALS_MB = { afterStart: 200, afterLoad: 300 };

const ROLES = [
  { role: "client", email: "client@demo.tendly.test", home: "/dashboard" },
  { role: "caregiver", email: "caregiver@demo.tendly.test", home: "/caregiver" },
  { role: "admin", email: "admin@demo.tendly.test", home: "/admin" },
];
const PASSWORD = "DemoPass123!";
// Links a crawler must not follow: they change state or leave the session.
const SKIPPED_LINK =
  /logout|sign-out|signout|\/api\/|\/dev\/|\/assets\/|\.(?:png|jpe?g|svg|webp|ico|css|js|webmanifest)$/;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
function startServer(scratch, port) {
  const env = { ...process.env };
  for (const name of SERVER_SETTINGS) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: path.join(scratch, "data"),
    PG_DATA_DIR: path.join(scratch, "pg"),
    // Each sign-in comes from its own address, so no sign-in limit shapes the run (as in bench/run.js).
    TRUST_PROXY: "1",
    DEMO_MODE: "true",
  });
  const snapshots = path.join(scratch, "snapshots");
  const child = spawn(
    NODE,
    [
      ...serverNodeFlags(),
      "--heapsnapshot-signal=SIGUSR2",
      `--diagnostic-dir=${snapshots}`,
      path.join(ROOT, "bench", "serve.js"),
    ],
    { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, exited, snapshots, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
}

async function waitUntilHealthy(server, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  server.exited.then(() => (hasExited = true));
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`The server exited before it was ready:\n${server.output()}`);
    const healthy = await fetch(`${server.baseUrl}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return;
    await sleep(50);
  }
  throw new Error(`The server was not healthy within ${timeoutMs / 1000} s:\n${server.output()}`);
}

async function stopServer(server) {
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
  await server.exited;
  clearTimeout(timer);
}

const kbToMb = (kb) => Math.round((kb / 1024) * 10) / 10;

/** Resident set size and its parts, in MB, from /proc/<pid>/status. */
async function residentSet(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1] ?? Number.NaN);
  return {
    rss: kbToMb(kb("VmRSS")),
    anon: kbToMb(kb("RssAnon")),
    file: kbToMb(kb("RssFile")),
    peak: kbToMb(kb("VmHWM")),
  };
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.98.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** GET a page; its status and, for HTML, its body. */
async function get(server, pagePath, cookie) {
  const response = await fetch(`${server.baseUrl}${pagePath}`, {
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}), "x-forwarded-for": nextAddress() },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  const isHtml = (response.headers.get("content-type") ?? "").includes("text/html");
  const body = isHtml ? await response.text() : (await response.arrayBuffer(), "");
  return { status: response.status, body };
}

/** Signs a demo account in through the desktop form; its session cookie. */
async function signIn(server, { email, home }) {
  const response = await fetch(`${server.baseUrl}/login/desktop`, {
    method: "POST",
    body: new URLSearchParams({ email, password: PASSWORD }),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.baseUrl,
      "x-forwarded-for": nextAddress(),
    },
    redirect: "manual",
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .find((pair) => pair.startsWith("better-auth.session_token="));
  if (response.status !== 302 || !cookie) {
    throw new Error(
      `Signing in as ${email} answered ${response.status} (location ${response.headers.get("location")})`,
    );
  }
  if (!response.headers.get("location")?.startsWith(home)) {
    throw new Error(`Signing in as ${email} went to ${response.headers.get("location")}, not ${home}`);
  }
  return cookie;
}

/** The same page whatever the record: digits, UUIDs and long ids folded. */
const shapeOf = (pagePath) =>
  pagePath
    .split("?")[0]
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ":id")
    .replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/g, "/:id")
    .replace(/\/\d+(?=\/|$)/g, "/:n");

const linksOf = (html) =>
  [...html.matchAll(/href="(\/[^"#]*)"/g)]
    .map((match) => match[1].replaceAll("&amp;", "&"))
    .filter((href) => !href.startsWith("//") && !SKIPPED_LINK.test(href));

/** Visits `start` and the pages its links lead to under `prefixes`, one page of each shape. */
async function crawl(server, start, { cookie, prefixes, limit }) {
  const queue = [...start];
  const shapes = new Set();
  const visited = [];
  const failures = [];
  while (queue.length > 0 && visited.length < limit) {
    const pagePath = queue.shift();
    const shape = shapeOf(pagePath);
    if (shapes.has(shape)) continue;
    shapes.add(shape);
    const { status, body } = await get(server, pagePath, cookie);
    if (status >= 500) failures.push(`${pagePath} answered ${status}`);
    if (status !== 200) continue;
    visited.push(pagePath);
    for (const href of linksOf(body)) {
      if (prefixes.some((prefix) => href === prefix || href.startsWith(`${prefix}/`) || href.startsWith(`${prefix}?`)))
        queue.push(href);
    }
  }
  return { visited, failures };
}

/** Every address of /sitemap.xml, as a path. */
async function publicPages(server) {
  const response = await fetch(`${server.baseUrl}/sitemap.xml`);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1].replaceAll("&amp;", "&"));
    return `${url.pathname}${url.search}`;
  });
  const unique = [...new Set(paths)];
  const spanish = unique.filter((p) => !p.includes("lang=")).map((p) => `${p}${p.includes("?") ? "&" : "?"}lang=es`);
  return [...new Set([...unique, ...spanish, "/login", "/register", "/forgot-password"])];
}

/** Mixed load: each client asks for a random page of the list until the time is up. */
async function mixedLoad(server, pages, seconds) {
  const until = performance.now() + seconds * 1000;
  let requests = 0;
  const failures = [];
  const client = async () => {
    while (performance.now() < until) {
      const { path: pagePath, cookie } = pages[Math.floor(Math.random() * pages.length)];
      const { status } = await get(server, pagePath, cookie).catch((error) => ({ status: error.message }));
      requests += 1;
      if (typeof status !== "number" || status >= 500) failures.push(`${pagePath}: ${status}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  return { requests, failures };
}

/** Asks the server for a heap snapshot (SIGUSR2) and waits until the file is written. */
async function takeHeapSnapshot(server) {
  await mkdir(server.snapshots, { recursive: true });
  const before = new Set(await readdir(server.snapshots));
  server.child.kill("SIGUSR2");
  const deadline = Date.now() + 300_000;
  let file;
  let lastSize = -1;
  while (Date.now() < deadline) {
    await sleep(1000);
    file ??= (await readdir(server.snapshots)).find((name) => !before.has(name) && name.endsWith(".heapsnapshot"));
    if (!file) continue;
    const { size } = await stat(path.join(server.snapshots, file));
    // Node writes the snapshot then answers requests again: a size that holds and a healthy answer mean done.
    const healthy = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (size > 0 && size === lastSize && healthy) return path.join(server.snapshots, file);
    lastSize = size;
  }
  throw new Error("The heap snapshot was not written within 300 s");
}

/** The package a file belongs to (`node_modules/<name>` or `@scope/name`), or the app's build. */
function packageOf(url) {
  const at = url.lastIndexOf("node_modules/");
  if (at === -1) {
    if (url.includes("/build/server/")) return "(server build)";
    if (url.startsWith("node:") || !url.includes("/")) return "(node internals)";
    return "(other)";
  }
  const parts = url.slice(at + "node_modules/".length).split("/");
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Adds one node's size to its key's total and count. */
function add(map, key, size) {
  const entry = map.get(key) ?? { size: 0, count: 0 };
  entry.size += size;
  entry.count += 1;
  map.set(key, entry);
}

/** A heap snapshot summed: self size by node type and by constructor, and module sources by package. */
async function summarise(file) {
  const snapshot = JSON.parse(await readFile(file, "utf8"));
  const meta = snapshot.snapshot.meta;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const typeAt = meta.node_fields.indexOf("type");
  const nameAt = meta.node_fields.indexOf("name");
  const sizeAt = meta.node_fields.indexOf("self_size");
  const edgeCountAt = meta.node_fields.indexOf("edge_count");
  const edgeTypeAt = meta.edge_fields.indexOf("type");
  const edgeNameAt = meta.edge_fields.indexOf("name_or_index");
  const edgeToAt = meta.edge_fields.indexOf("to_node");
  const nodeTypes = meta.node_types[typeAt];
  const edgeTypes = meta.edge_types[edgeTypeAt];
  const { nodes, edges, strings } = snapshot;

  const byType = new Map();
  const byConstructor = new Map();
  let total = 0;
  const scripts = [];
  for (let node = 0, edge = 0; node < nodes.length; node += nodeFields) {
    const type = nodeTypes[nodes[node + typeAt]];
    const name = strings[nodes[node + nameAt]];
    const size = nodes[node + sizeAt];
    const edgeCount = nodes[node + edgeCountAt];
    total += size;
    add(byType, type, size);
    if (type === "object" || type === "closure" || type === "array" || type === "native") {
      add(byConstructor, `${type === "object" ? "" : `(${type}) `}${name}`, size);
    }
    // A Script is a code node named by its file, with an edge to its source string.
    if (type === "code") {
      for (let e = edge; e < edge + edgeCount * edgeFields; e += edgeFields) {
        const edgeType = edgeTypes[edges[e + edgeTypeAt]];
        if (edgeType !== "element" && edgeType !== "hidden" && strings[edges[e + edgeNameAt]] === "source") {
          scripts.push({ url: name, source: edges[e + edgeToAt] });
        }
      }
    }
    edge += edgeCount * edgeFields;
  }
  // Module sources: the string each Script keeps, under the package its file is in.
  const bySource = new Map();
  for (const script of scripts) add(bySource, packageOf(script.url), nodes[script.source + sizeAt]);
  const top = (map) =>
    [...map.entries()]
      .map(([key, { size, count }]) => ({ key, mb: mb(size), count }))
      .toSorted((a, b) => b.mb - a.mb)
      .slice(0, TOP);
  return { heapMb: mb(total), byType: top(byType), byConstructor: top(byConstructor), sourcesByPackage: top(bySource) };
}

/** The packages the server build imports (statically or not), as written in its chunks. */
async function importedPackages() {
  const dir = path.join(ROOT, "build", "server");
  const files = ["index.js", ...(await readdir(path.join(dir, "assets"))).map((name) => `assets/${name}`)];
  const specifiers = new Set();
  for (const file of files.filter((name) => name.endsWith(".js"))) {
    const source = await readFile(path.join(dir, file), "utf8");
    for (const match of source.matchAll(/(?:\bfrom|\bimport\(?)\s*"([^".][^"]*)"/g)) {
      if (!match[1].startsWith("node:")) specifiers.add(match[1]);
    }
  }
  return [...specifiers].toSorted();
}

/** What importing one package costs a fresh Node process (with `npm start`'s flags): RSS and heap after, less before. */
function moduleCost(specifier) {
  const probe = `
    const rss = () => Number(/^VmRSS:\\s+(\\d+)/m.exec(require("node:fs").readFileSync("/proc/self/status", "utf8"))[1]) * 1024;
    const before = { rss: rss(), heap: process.memoryUsage().heapUsed };
    const startedAt = performance.now();
    import(${JSON.stringify(specifier)}).then(() => {
      globalThis.gc();
      console.log(JSON.stringify({ rss: rss() - before.rss, heap: process.memoryUsage().heapUsed - before.heap, ms: performance.now() - startedAt }));
    });`;
  return new Promise((resolve) => {
    const child = spawn(NODE, [...serverNodeFlags(), "--expose-gc", "--input-type=commonjs", "-e", probe], {
      cwd: path.join(ROOT, "build", "server"),
      env: { ...process.env, NODE_ENV: "production", NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "ignore"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.once("exit", () => {
      try {
        const { rss, heap, ms } = JSON.parse(output.trim().split("\n").at(-1));
        resolve({ specifier, rssMb: mb(rss), heapMb: mb(heap), ms: Math.round(ms) });
      } catch {
        resolve({ specifier, rssMb: Number.NaN, heapMb: Number.NaN, ms: Number.NaN });
      }
    });
  });
}

export function printTable(title, header, rows) {
  console.log(`\n${title}`);
  const table = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...table.map((row) => row[column].length)));
  for (const [index, row] of table.entries()) {
    console.log(`| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`);
    if (index === 0) console.log(`| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`);
  }
}

const verdict = (value, goal) => `${value} MB (goal: under ${goal} MB, ${value < goal ? "met" : "missed"})`;

export async function benchMemory() {
  process.chdir(ROOT);
  ensureBuild();
  const scratch = await scratchDir("bench-memory");
  const results = { date: new Date().toISOString(), loadAverage: {} };
  let server;
  try {
    console.log(`Memory: starting the production server on a fresh data directory (load average ${loadAverage()}) ...`);
    server = startServer(scratch, await freePort());
    await waitUntilHealthy(server);
    await sleep(2000);
    results.afterStart = await residentSet(server.child.pid);
    results.loadAverage.afterStart = loadAverage();

    const publicList = await publicPages(server);
    const publicRun = await crawl(server, publicList, { prefixes: [], limit: Infinity });
    const pages = publicRun.visited.map((pagePath) => ({ path: pagePath, cookie: undefined }));
    const failures = [...publicRun.failures];
    results.afterPublic = await residentSet(server.child.pid);
    const signedIn = {};
    for (const account of ROLES) {
      const cookie = await signIn(server, account);
      const run = await crawl(server, [account.home, `${account.home}?lang=es`], {
        cookie,
        prefixes: [account.home, "/account", "/settings", "/notifications", "/messages"],
        limit: PAGES_PER_ROLE,
      });
      signedIn[account.role] = run.visited.length;
      failures.push(...run.failures);
      pages.push(...run.visited.map((pagePath) => ({ path: pagePath, cookie })));
    }
    results.afterPages = await residentSet(server.child.pid);
    results.loadAverage.afterPages = loadAverage();
    results.pages = { public: publicRun.visited.length, ...signedIn };
    console.log(
      `Visited ${publicRun.visited.length} public pages and ${Object.entries(signedIn)
        .map(([role, n]) => `${n} of the ${role}`)
        .join(", ")}; mixed load for ${LOAD_SECONDS} s with ${CONNECTIONS} clients ...`,
    );

    const load = await mixedLoad(server, pages, LOAD_SECONDS);
    failures.push(...load.failures);
    results.loadRequests = load.requests;
    await sleep(1000);
    results.afterLoad = await residentSet(server.child.pid);
    results.loadAverage.afterLoad = loadAverage();
    results.failures = failures;

    console.log("Heap snapshot after the load ...");
    results.heap = await summarise(await takeHeapSnapshot(server));
    await stopServer(server);
    server = undefined;

    if (MEASURE_MODULES) {
      const specifiers = await importedPackages();
      console.log(`Importing each of the ${specifiers.length} packages the server build imports, alone ...`);
      const costs = [];
      for (const specifier of specifiers) costs.push(await moduleCost(specifier));
      results.modules = costs.toSorted((a, b) => (b.rssMb || 0) - (a.rssMb || 0)).slice(0, TOP);
      results.loadAverage.modules = loadAverage();
    }
  } finally {
    if (server) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    await rm(scratch, { recursive: true, force: true });
  }
  printMemory(results);
  if (results.failures.length > 0) {
    console.log(`\nPages that failed:\n${results.failures.slice(0, 20).join("\n")}`);
    process.exitCode = 1;
  }
  return results;
}

const memoryRow = (label, figures, load) => [
  label,
  `${figures.rss} MB`,
  `${figures.anon} / ${figures.file} MB`,
  `${figures.peak} MB`,
  load ?? "",
];

export function printMemory(results) {
  const row = memoryRow;
  printTable(
    "Memory of the server process (per process)",
    ["when", "RSS", "anonymous / file", "peak RSS", "load average"],
    [
      row("started (fresh data, demo seed)", results.afterStart, results.loadAverage.afterStart),
      row("after the public pages", results.afterPublic),
      row("after the signed-in pages", results.afterPages, results.loadAverage.afterPages),
      row(
        `after ${LOAD_SECONDS} s of mixed load (${results.loadRequests} pages)`,
        results.afterLoad,
        results.loadAverage.afterLoad,
      ),
    ],
  );
  console.log(`After start: ${verdict(results.afterStart.rss, MEMORY_GOALS_MB.afterStart)}`);
  console.log(`After load:  ${verdict(results.afterLoad.rss, MEMORY_GOALS_MB.afterLoad)}`);
  const { heap } = results;
  console.log(`\nJavaScript heap after the load (heap snapshot, live objects): ${heap.heapMb} MB`);
  printTable(
    "By kind of node",
    ["kind", "MB", "count"],
    heap.byType.map((entry) => [entry.key, entry.mb, entry.count]),
  );
  printTable(
    "By constructor (objects, arrays, closures, native)",
    ["constructor", "MB", "count"],
    heap.byConstructor.map((entry) => [entry.key, entry.mb, entry.count]),
  );
  printTable(
    "Module source text kept by V8, by package",
    ["package", "MB", "scripts"],
    heap.sourcesByPackage.map((entry) => [entry.key, entry.mb, entry.count]),
  );
  if (results.modules) {
    printTable(
      `Cost of importing each package alone in a fresh process (load average ${results.loadAverage.modules})`,
      ["import", "RSS", "heap", "time"],
      results.modules.map((entry) => [entry.specifier, `${entry.rssMb} MB`, `${entry.heapMb} MB`, `${entry.ms} ms`]),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchMemory();
}
