// `npm run bench:pages` (also part of `npm run bench`): the eight signed-in pages of docs/decisions/0042-signed-in-pages-with-a-year-of-data.md over a year of
// data, under load. On each PostgreSQL server (a throw-away embedded PostgreSQL 18, then the machine's when
// reachable: BENCH_PG_URL), a database of its own gets bench/analytics-seed.ts's year for BENCH_FAMILIES
// families (default 10,000, with a caregiver for every five) and bench/year-seed.ts's accounts, visit
// events, notes, messages and notifications; the production build (bench/serve.js) is started on it through
// DATABASE_URL (built beforehand: `npm run bench:pages` and bench/run.js build first); the busiest family, the busiest caregiver and an administrator get a session each, written as
// sign-in writes it (no password hashed); then autocannon sends BENCH_CONNECTIONS (10) connections at each
// page for BENCH_DURATION seconds (default 10) after BENCH_WARM_UP seconds (3) of the same load not counted,
// and p50 and p99 are printed against the goal (p99 under 100 ms). Every page must answer 200 to its own account, or the run fails. The server runs as
// `npm start` runs it on the machine: a worker per core (BENCH_WORKERS sets how many, as WEB_CONCURRENCY
// does; 1 is one process), as the first line of the output says; the load generator shares the same cores.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { connectDatabase, disconnectDatabase } from "~/platform/db/client.server";
import { mintSession } from "../tests/e2e/sessions";
import { createScratchDir } from "../tests/integration/database-server";
import { seedAnalyticsYear } from "./analytics-seed";
import type * as PageLoaders from "./page-loaders";
import type { LoaderFigures } from "./page-loaders";
import { onEmbedded, onExternal } from "./servers";
import { serverNodeFlags } from "../scripts/server-flags.js";
import { busiestAccounts, seedYearActivity, SIGNED_IN_PAGES as PAGES, type BenchAccount as Who } from "./year-seed";

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
// Seconds of the same load before each page's measured run, not counted: a worker's first hundreds of requests of
// a page run while V8 is still compiling its code and growing its heap, one start of a process that then serves for
// days, and they filled the slowest percent of a 10-second run (the settings page: p99 216 ms in the first 10 seconds,
// then 151, 172 and 135).
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 3);
// As `npm start` (server/cluster.ts workerCount): one per core unless told.
const WORKERS = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
const GOAL_MS = 100;
// Every request asks for compression as a browser does (Chromium's header): the server's cost of a page includes
// compressing it (docs/decisions/0057-what-a-signed-in-page-costs.md).
const AS_A_BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };
// Measured after the eight, not one of the goal's: a page whose loaders read nothing of their own, so what every
// signed-in page costs before its own data (the session, the chrome, the notification centre, rendering the shell).
const REFERENCE_PAGE = ["/dashboard/settings", "family"] as const;
const DATABASE = process.env.BENCH_DATABASE ?? "bench_pages";
const ROOT = path.resolve(import.meta.dirname, "..");
// The project's own Node (the `node` dependency), as bench/run.js starts the server with.
const LOCAL_NODE = path.join(ROOT, "node_modules", ".bin", "node");
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;

/** What autocannon (a bench/ dependency, not the app's: bench/package.json) answers that this file reads. */
type LoadResult = {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<LoadResult>;

async function loadAutocannon(): Promise<Autocannon> {
  // Imported by name at run time: the app's type check knows nothing of bench/node_modules.
  const specifier = "autocannon";
  return ((await import(specifier)) as { default: Autocannon }).default;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The production server on `databaseUrl`, as `npm start` runs it with DATABASE_URL (WORKERS processes). */
async function startServer(databaseUrl: string, secret: string, dataDir: string) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATA_DIR", "PG_DATA_DIR", "APP_URL", "DEMO_MODE", "TRUST_PROXY", "LOG_LEVEL", "WEB_CONCURRENCY"])
    delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: secret,
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: String(WORKERS),
  });
  const child = spawn(NODE, [...serverNodeFlags(), path.join(ROOT, "bench", "serve.js"), "--workers"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  for (;;) {
    if (hasExited) throw new Error(`The server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server was not healthy within 120 s:\n${output}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    /** The server's last lines (its log of an error a page answered with). */
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const count = (n: number) => n.toLocaleString("en-US");

type Row = { page: string; p50: number; p99: number; rps: number; isMet: boolean };

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The machine's CPU time in use so far (all cores, ms), from /proc/stat; undefined where there is none. Less this
 * process's own (the load generator's), over the requests served, it is what one page costs the server and
 * PostgreSQL together: the figure the throughput, and so the latency under 10 connections, follows from.
 */
function machineBusyMs(): number | undefined {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const ticksPerSecond = 100;
    return ((user! + nice! + system! + irq! + softirq!) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/**
 * Where one request's time goes, page by page, with nothing else running: the loaders in this process (as
 * bench/page-loaders.ts runs them, every statement recorded), then the same page from the server one request
 * at a time; what the server takes beyond the loaders is rendering (and the HTTP around it).
 */
async function loaderBreakdown(options: {
  url: string;
  secret: string;
  dataDir: string;
  cookies: Record<Who, string>;
}): Promise<Map<string, LoaderFigures>> {
  // The route modules import styles and other assets only Vite knows how to load: through Vite's SSR loader,
  // as `npm run dev` loads the server.
  const { createServer } = await import("vite");
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
    logLevel: "error",
  });
  try {
    const loaders = (await vite.ssrLoadModule("./bench/page-loaders.ts")) as typeof PageLoaders;
    return await loaders.loaderBreakdown(PAGES, options);
  } finally {
    await vite.close();
  }
}

/** The median time of `runs` requests of `url` one after another, after a warm-up. */
async function sequentialMs(url: string, headers: Record<string, string>, runs = 10): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < runs + 2; index += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers, redirect: "manual" });
    await response.arrayBuffer();
    if (index >= 2) times.push(performance.now() - start);
  }
  return times.toSorted((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function benchmark(label: string, url: string): Promise<{ server: string; rows: Row[] }> {
  const db = connectDatabase(url, { max: 4 });
  const secret = randomBytes(32).toString("base64url");
  const cookies = {} as Record<Who, string>;
  const dataDir = await createScratchDir();
  try {
    const seedStart = performance.now();
    const year = await seedAnalyticsYear(db, { families: FAMILIES });
    const activity = await seedYearActivity(db);
    const accounts = await busiestAccounts(db);
    const ids: Record<Who, string> = {
      family: accounts.familyId,
      caregiver: accounts.caregiverId,
      admin: accounts.adminId,
    };
    for (const who of Object.keys(ids) as Who[]) {
      const { name, value } = await mintSession(ids[who], db, secret);
      cookies[who] = `${name}=${value}`;
    }
    const seconds = ((performance.now() - seedStart) / 1000).toFixed(1);
    console.log(
      `\n${label}: ${count(year.families)} families, ${count(year.caregivers)} caregivers, ${count(year.orders)} orders, ${count(year.visits)} visits, ${count(year.invoices)} invoices, ${count(activity.notes)} notes, ${count(activity.messages)} messages, ${count(activity.notifications)} notifications (seeded in ${seconds} s)`,
    );
  } finally {
    await disconnectDatabase();
  }
  const loaders = await loaderBreakdown({ url, secret, dataDir, cookies });

  const server = await startServer(url, secret, dataDir);
  const autocannon = await loadAutocannon();
  const rows: Row[] = [];
  try {
    console.log(
      `  one request at a time (statements: in all / session lookup / notification centre; loaders: in all / statements' time summed / session lookup / notification centre; whole request from the server; rendering = whole - loaders):`,
    );
    for (const [page, who] of PAGES) {
      const whole = await sequentialMs(`${server.baseUrl}${page}`, { cookie: cookies[who], ...AS_A_BROWSER });
      const figures = loaders.get(page)!;
      console.log(
        `  ${page.padEnd(20)} statements ${`${figures.statements} / ${figures.sessionStatements} / ${figures.centreStatements}`.padEnd(11)} loaders ${ms(figures.loadersMs)} / ${ms(figures.statementsMs)} / ${ms(figures.sessionMs)} / ${ms(figures.centreMs)}   whole ${ms(whole)}   rendering ${ms(Math.max(0, whole - figures.loadersMs))}`,
      );
    }
    for (const [page, who] of [...PAGES, REFERENCE_PAGE]) {
      const isReference = page === REFERENCE_PAGE[0];
      const headers = { cookie: cookies[who], ...AS_A_BROWSER };
      // Each page answers its account, and is warm (the admin home's first read builds the analytics summary).
      for (let index = 0; index < 3; index += 1) {
        const response = await fetch(`${server.baseUrl}${page}`, { headers, redirect: "manual" });
        await response.arrayBuffer();
        if (response.status !== 200) {
          throw new Error(
            `${page} answered ${response.status} ${response.headers.get("location") ?? ""} to the ${who}; the server's last lines:\n${server.output().slice(-2000)}`,
          );
        }
      }
      if (WARM_UP > 0)
        await autocannon({ url: `${server.baseUrl}${page}`, connections: CONNECTIONS, duration: WARM_UP, headers });
      const busyBefore = machineBusyMs();
      const ownBefore = process.cpuUsage();
      const result = await autocannon({
        url: `${server.baseUrl}${page}`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers,
      });
      if (result.non2xx || result.errors || result.timeouts) {
        throw new Error(
          `${page}: ${result.non2xx} answers other than 2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
        );
      }
      const busyAfter = machineBusyMs();
      const own = process.cpuUsage(ownBefore);
      const cpuMs =
        busyBefore === undefined || busyAfter === undefined || result.requests.total === 0
          ? undefined
          : (busyAfter - busyBefore - (own.user + own.system) / 1000) / result.requests.total;
      const row = {
        page,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        isMet: result.latency.p99 < GOAL_MS,
      };
      const cpu =
        cpuMs === undefined
          ? ""
          : `CPU ${ms(cpuMs)} a page (at most ${Math.round((os.availableParallelism() * 1000) / cpuMs)}/s)   `;
      console.log(
        `  ${`${page} (${who})`.padEnd(34)} p50 ${`${row.p50} ms`.padEnd(8)} p99 ${`${row.p99} ms`.padEnd(8)} ${`${Math.round(row.rps)} req/s`.padEnd(11)} ${cpu}${isReference ? "(reference: the chrome alone, not a goal page)" : row.isMet ? "ok" : `OVER the ${GOAL_MS} ms goal`}`,
      );
      if (!isReference) rows.push(row);
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { server: label, rows };
}

async function main() {
  console.log(
    `\nSigned-in pages: a year for ${FAMILIES.toLocaleString("en-US")} families; ${CONNECTIONS} connections for ${DURATION} s per page, each request asking for compression as Chromium does (goal: p99 under ${GOAL_MS} ms; machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} CPUs); the server ${WORKERS === 1 ? "one process" : `${WORKERS} worker processes, as npm start runs it here`} (BENCH_WORKERS)`,
  );
  const servers = process.env.BENCH_SERVERS ?? "embedded,machine";
  const results = [
    servers.includes("embedded") ? await onEmbedded(DATABASE, (url, label) => benchmark(label, url)) : null,
    servers.includes("machine") ? await onExternal(DATABASE, (url, label) => benchmark(label, url)) : null,
  ].filter((result) => result !== null);
  const over = results.flatMap((result) =>
    result.rows.filter((row) => !row.isMet).map((row) => `${result.server}: ${row.page} p99 ${row.p99} ms`),
  );
  console.log(
    over.length ? `\n${over.length} pages over the goal:\n  ${over.join("\n  ")}` : "\nEvery page within the goal.",
  );
}

main().catch((error: unknown) => {
  console.error(`\nPages benchmark failed: ${error instanceof Error ? error.message.slice(0, 2000) : String(error)}`);
  if (error instanceof Error && error.cause) console.error("Because of:", error.cause);
  process.exitCode = 1;
});
