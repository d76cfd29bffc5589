// `npm run bench:workers` (and the last part of `npm run bench`): `npm start` with one process against two
// workers (docs/decisions/0044-a-worker-per-core.md), in one run on one data directory. For each: the RSS of
// the primary and of each worker once started, then autocannon (BENCH_CONNECTIONS connections, default 10,
// for BENCH_DURATION seconds, default 10) on `/` and on the demo family's `/dashboard` with a session cookie
// from a sign-in through the /login/desktop form. BENCH_WORKERS (default "1,2") lists the counts to compare.
// The load average is printed with every figure: on a shared machine they are lower bounds. Every request
// goes to 127.0.0.1.
import { spawn } from "node:child_process";
import { chmod, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild } from "../scripts/ensure-build.js";
import { freePort, loadAverage } from "./bench-server.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const COUNTS = (process.env.BENCH_WORKERS || "1,2").split(",").map(Number);
const DEMO_CLIENT = { email: "client@demo.tendly.test", password: "DemoPass123!" };
/** Settings of the machine's environment that would change what is measured. */
const SERVER_SETTINGS = /^(DATABASE_URL|APP_URL|AUTH_SECRET|SMTP_URL|DEMO_MODE|TRUST_PROXY|HOST|PORT|WEB_CONCURRENCY)$/;

function start(workers, dataDir, port) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SERVER_SETTINGS.test(name)));
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.js")], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      PG_DATA_DIR: path.join(dataDir, "pg"),
      WEB_CONCURRENCY: String(workers),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  return { child, exited, output: () => output };
}

async function untilRunning(server, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes("Tendly is running at")) {
    if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`The server did not start in time:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) / 102.4) / 10;
}

/** The Node processes started by `pid` (its workers; not the PostgreSQL it runs). */
async function workersOf(pid) {
  const found = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8");
      if (Number(stat.split(") ")[1].split(" ")[1]) === pid && cmdline.includes("scripts/start.js"))
        found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found.sort((a, b) => a - b);
}

/** A session of the demo family, through the sign-in form as a browser posts it. */
async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}/login/desktop`, {
    method: "POST",
    body: new URLSearchParams(DEMO_CLIENT),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("better-auth.session_token="));
  if (response.status !== 302 || !cookie) throw new Error(`The demo family's sign-in answered ${response.status}`);
  return cookie.split(";")[0];
}

async function load(url, headers = {}) {
  // A request that is not answered 200 (a redirect to the sign-in, an error) fails the run.
  const first = await fetch(url, { headers, redirect: "manual" });
  if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
  const result = await new Promise((resolve, reject) =>
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers: { accept: "text/html", ...headers } },
      (error, r) => (error ? reject(error) : resolve(r)),
    ),
  );
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${url} answered errors under load: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return {
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    load: loadAverage(" "),
  };
}

async function measure(workers, dataDir) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = start(workers, dataDir, port);
  try {
    await untilRunning(server);
    const primary = server.child.pid;
    const children = workers > 1 ? await workersOf(primary) : [];
    const memory = {
      primary: await rssMb(primary),
      workers: await Promise.all(children.map(rssMb)),
      load: loadAverage(" "),
    };
    const cookie = await signIn(baseUrl);
    const home = await load(`${baseUrl}/`);
    const dashboard = await load(`${baseUrl}/dashboard`, { cookie });
    return { workers, memory, home, dashboard };
  } finally {
    server.child.kill("SIGTERM");
    const timer = setTimeout(() => server.child.kill("SIGKILL"), 60_000);
    await server.exited;
    clearTimeout(timer);
  }
}

async function main() {
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tendly-bench-workers-"));
  // As root, the embedded PostgreSQL runs as `postgres`, which must reach its data directory.
  await chmod(dataDir, 0o755);
  console.log(
    `Workers: ${COUNTS.join(" against ")}, ${CONNECTIONS} connections for ${DURATION} s each, on ${os.availableParallelism()} cores.`,
  );
  try {
    const results = [];
    // The first start creates the database and seeds it; each count then starts on the same data.
    for (const workers of COUNTS) results.push(await measure(workers, dataDir));
    console.log(
      "\n| processes | RSS after start (MB) | load | / req/s (p50/p99 ms) | load | /dashboard req/s (p50/p99 ms) | load |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- |");
    for (const { workers, memory, home, dashboard } of results) {
      const rss =
        workers > 1
          ? `primary ${memory.primary}, workers ${memory.workers.join(" + ")} = ${Math.round((memory.primary + memory.workers.reduce((a, b) => a + b, 0)) * 10) / 10}`
          : `${memory.primary}`;
      console.log(
        `| ${workers === 1 ? "1 (WEB_CONCURRENCY=1)" : `${workers} workers`} | ${rss} | ${memory.load} | ${home.requestsPerSecond} (${home.p50}/${home.p99}) | ${home.load} | ${dashboard.requestsPerSecond} (${dashboard.p50}/${dashboard.p99}) | ${dashboard.load} |`,
      );
    }
    const [one, ...more] = results;
    for (const other of more)
      console.log(
        `\n${other.workers} workers against 1: / x${(other.home.requestsPerSecond / one.home.requestsPerSecond).toFixed(2)}, /dashboard x${(other.dashboard.requestsPerSecond / one.dashboard.requestsPerSecond).toFixed(2)} (load average at the end ${loadAverage(" ")}).`,
      );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
