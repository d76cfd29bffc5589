// `npm run bench`: figures for the production server on this machine.
// - start time: process spawn (bench/serve.js: `npm start` without its build
//   check) to the first 200 from /healthz, on a fresh data directory (initdb,
//   migrations, demo seed) and, median of three, on the existing data;
// - memory: resident set size of the Node process once started, after the
//   first page, after the load, and once restarted (no seeding);
// - throughput and latency: autocannon on /healthz and / (BENCH_DURATION
//   seconds each, default 10; BENCH_CONNECTIONS connections, default 10);
// - sign-ins per second and latency: the demo client signing in through the
//   /login/desktop form action (the real path: lockout checks, scrypt
//   N=2^17, session, audit), each request from its own client address
//   (X-Forwarded-For, trusted with TRUST_PROXY=1) so that no lock or limit
//   shapes the figure;
// - Lighthouse 13 (mobile, simulated throttling) category scores for the
//   public pages of LIGHTHOUSE_PATHS, with the JavaScript (as transferred,
//   gzipped) and the total transfer of / before any interaction, against the
//   budgets of BUDGETS. One Lighthouse run varies by several points from the
//   next on the same build, so each page is measured LIGHTHOUSE_RUNS times
//   (default 3) after a few warm-up requests, and its median run (by
//   performance score) is held to the budgets; every run's score is printed.
// - messages: delivery latency of a message from the sender's POST to the
//   recipient's open realtime stream, with 200 streams open, and the RSS with
//   them (bench/messaging.ts, run with tsx against this server);
// - a burst of sign-ins: GET / idle, then during bursts of 20 simultaneous
//   sign-ins through the form action (bench/sign-in-burst.js), run first on
//   the fresh server; BENCH_PASSWORD_HASH_CONCURRENCY sets the server's
//   PASSWORD_HASH_CONCURRENCY for a comparison;
// - the admin analytics and the admin home's counts over a year of data for 10,000 families
//   (bench/analytics.ts, also `npm run bench:analytics`), on both PostgreSQL servers, after matching;
// - the eight signed-in pages of docs/decisions/0042-signed-in-pages-with-a-year-of-data.md under 10 connections over a year of data for 10,000 families
//   (bench/pages.ts, also `npm run bench:pages`), on both PostgreSQL servers, after the analytics;
// - where the memory goes: RSS after start, after every public and signed-in page and after a mixed load,
//   a heap snapshot by constructor and by package, and each package's import cost (bench/memory.js, also
//   `npm run bench:memory`), after the figures above;
// BENCH_ONLY=lighthouse skips the load, sign-in, burst, messaging and restart figures and the matching and analytics benchmarks;
// BENCH_ONLY=messages runs only the messaging figures (on a fresh server);
// BENCH_ONLY=sign-in-burst runs only the sign-in burst (on a fresh server).
// - signed-out / against the same bytes from memory: req/s of / answered from the cache of rendered pages
//   (docs/decisions/0043-rendered-page-cache.md), of / rendered (a cookie the cache does not hold) and of its
//   bytes served by a bare node:http server (bench/static-page.js), in the same run, against the goal of 0.3;
//   BENCH_ONLY=home runs only this (on a fresh server).
// Every request goes to 127.0.0.1. Results: a table here and bench/out/latest.json.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { launch as launchChrome } from "chrome-launcher";
import { ensureBuild } from "../scripts/ensure-build.js";
import { burstRows, signInBurst } from "./sign-in-burst.js";
import { CHROME_FLAGS, CHROME_PATH } from "../scripts/chromium.js";
import { serverNodeFlags } from "../scripts/server-flags.js";
import { freePort, positiveNumber, scratchDir, SERVER_SETTINGS } from "./bench-server.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const DURATION = positiveNumber("BENCH_DURATION", 10);
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 10);
// Password hashing (scrypt) runs on libuv's thread pool, 4 threads by default:
// more connections than that only queue. Few sign-ins fit in a second, so the
// run is longer to give the p99 enough samples.
const SIGN_IN_CONNECTIONS = positiveNumber("BENCH_SIGN_IN_CONNECTIONS", 4);
const SIGN_IN_DURATION = positiveNumber("BENCH_SIGN_IN_DURATION", 20);
const RESTARTS = 3;
const ONLY_LIGHTHOUSE = process.env.BENCH_ONLY === "lighthouse";
const ONLY_MESSAGES = process.env.BENCH_ONLY === "messages";
const ONLY_BURST = process.env.BENCH_ONLY === "sign-in-burst";
const ONLY_HOME = process.env.BENCH_ONLY === "home";
const IS_FULL = !ONLY_LIGHTHOUSE && !ONLY_MESSAGES && !ONLY_BURST && !ONLY_HOME;
/** The product's goal: signed-out / at no less than this share of the rate of its bytes served from memory. */
const HOME_VS_STATIC_GOAL = 0.3;
const LIGHTHOUSE_RUNS = positiveNumber("LIGHTHOUSE_RUNS", 3);
/** Plain requests to each page before Lighthouse, so that the first run does not time a cold server. */
const WARM_UP_REQUESTS = 5;
/**
 * The public pages measured by Lighthouse: home, services, directory, a
 * caregiver profile, a post, and the first four in Spanish (their `?lang=es`
 * URL, the one search engines are given).
 */
const LIGHTHOUSE_PATHS = [
  "/",
  "/services",
  "/providers",
  "/caregiver/jordan-rivera",
  "/blog/choosing-in-home-care",
  "/?lang=es",
  "/services?lang=es",
  "/providers?lang=es",
  "/caregiver/jordan-rivera?lang=es",
];
const BUDGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  homeJsKb: 150,
  homeTransferKb: 600,
};
const LOCAL_NODE = path.join(ROOT, "node_modules", ".bin", "node");
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;
function startServer({ scratch, port }) {
  const env = { ...process.env };
  for (const name of SERVER_SETTINGS) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: path.join(scratch, "data"),
    PG_DATA_DIR: path.join(scratch, "pg"),
    // The sign-in load comes from many addresses through X-Forwarded-For.
    TRUST_PROXY: "1",
    // Behind a trusted proxy demo mode (the demo accounts the sign-ins use) is off unless announced,
    // as for the end-to-end server (playwright.config.ts).
    DEMO_MODE: "true",
  });
  if (process.env.BENCH_PASSWORD_HASH_CONCURRENCY)
    env.PASSWORD_HASH_CONCURRENCY = process.env.BENCH_PASSWORD_HASH_CONCURRENCY;
  const child = spawn(NODE, [...serverNodeFlags(), path.join(ROOT, "bench", "serve.js")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

async function waitUntilHealthy(server, baseUrl, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  server.exited.then(() => (hasExited = true));
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`The server exited before it was ready:\n${server.output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The server was not healthy within ${timeoutMs / 1000} s:\n${server.output()}`);
}

async function stopServer(server) {
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
  const { code, signal } = await server.exited;
  clearTimeout(timer);
  if (code !== 0 && signal !== "SIGTERM")
    throw new Error(`The server stopped with ${code ?? signal}:\n${server.output()}`);
}

/** Start-up time from spawn to the first healthy answer, in milliseconds. */
async function timedStart(scratch) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const server = startServer({ scratch, port });
  try {
    await waitUntilHealthy(server, baseUrl);
  } catch (error) {
    server.child.kill("SIGKILL");
    throw error;
  }
  return { server, baseUrl, startMs: performance.now() - startedAt };
}

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

async function load(url, headers = {}) {
  const result = await new Promise((resolve, reject) =>
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers: { accept: "text/html", ...headers } },
      (error, r) => (error ? reject(error) : resolve(r)),
    ),
  );
  const figures = {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  if (figures.non2xx > 0 || figures.errors > 0 || figures.timeouts > 0) {
    throw new Error(`${url} answered errors under load: ${JSON.stringify(figures)}`);
  }
  return figures;
}

/**
 * Signed-out / from the cache of rendered pages, rendered (a cookie the cache does not hold), and its bytes
 * served from memory by a bare node:http server in a process of its own, one after the other in this run.
 */
async function homeAgainstStatic(baseUrl, scratch) {
  await (await fetch(`${baseUrl}/`)).arrayBuffer();
  const second = await fetch(`${baseUrl}/`);
  const bytes = Buffer.from(await second.arrayBuffer());
  if (second.headers.get("x-page-cache") !== "hit") {
    throw new Error(`The second GET / was not answered from the page cache (${second.headers.get("x-page-cache")})`);
  }
  const file = path.join(scratch, "home.html");
  await writeFile(file, bytes);
  const port = await freePort();
  const child = spawn(NODE, [path.join(ROOT, "bench", "static-page.js"), file, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await new Promise((resolve, reject) => {
      child.stdout.once("data", resolve);
      child.once("exit", (code) => reject(new Error(`bench/static-page.js exited with ${code}`)));
    });
    const cached = await load(`${baseUrl}/`);
    const fromMemory = await load(`http://127.0.0.1:${port}/`);
    const rendered = await load(`${baseUrl}/`, { cookie: "bench-render=1" });
    const ratio = (figures) => Math.round((figures.requestsPerSecond / fromMemory.requestsPerSecond) * 1000) / 1000;
    return {
      bytes: bytes.length,
      cached,
      rendered,
      fromMemory,
      cachedRatio: ratio(cached),
      renderedRatio: ratio(rendered),
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    };
  } finally {
    child.kill("SIGTERM");
  }
}

const loadRow = (label, r) => [
  label,
  `${String(r.requestsPerSecond).padEnd(9)} ${`${r.latencyP50Ms} ms`.padEnd(8)} ${r.latencyP99Ms} ms`,
];

function printHomeAgainstStatic(figures) {
  printTable(
    `Signed-out / against its ${figures.bytes} bytes from memory (${CONNECTIONS} connections, ${DURATION} s each; load average ${figures.loadAverage.join(", ")})`,
    [
      ["", "req/s     p50      p99"],
      loadRow("GET / from the page cache", figures.cached),
      loadRow("GET / rendered (cache bypassed)", figures.rendered),
      loadRow("the same bytes from memory (node:http)", figures.fromMemory),
      [
        "cached / from memory",
        `${figures.cachedRatio} (goal at least ${HOME_VS_STATIC_GOAL}: ${figures.cachedRatio >= HOME_VS_STATIC_GOAL ? "met" : "not met"})`,
      ],
      ["rendered / from memory", `${figures.renderedRatio}`],
    ],
  );
}

const SIGN_IN = { email: "client@demo.tendly.test", password: "DemoPass123!", expectedLocation: "/dashboard" };

/** Sign-ins through the desktop form's action, each from another client address. */
async function signInLoad(baseUrl) {
  const body = new URLSearchParams({ email: SIGN_IN.email, password: SIGN_IN.password }).toString();
  const headers = { "content-type": "application/x-www-form-urlencoded", origin: baseUrl };
  let counter = 0;
  const nextAddress = () => {
    counter += 1;
    return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  };
  // One by hand first: it must be a real sign-in, not a refusal that happens to be fast.
  const probe = await fetch(`${baseUrl}/login/desktop`, {
    method: "POST",
    body,
    headers: { ...headers, "x-forwarded-for": nextAddress() },
    redirect: "manual",
  });
  const hasSession = probe.headers.getSetCookie().some((cookie) => cookie.startsWith("better-auth.session_token="));
  if (probe.status !== 302 || probe.headers.get("location") !== SIGN_IN.expectedLocation || !hasSession) {
    throw new Error(`The sign-in probe answered ${probe.status} (location ${probe.headers.get("location")})`);
  }
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${baseUrl}/login/desktop`,
        connections: SIGN_IN_CONNECTIONS,
        duration: SIGN_IN_DURATION,
        timeout: 60,
        requests: [
          {
            method: "POST",
            body,
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, ...headers, "x-forwarded-for": nextAddress() },
            }),
          },
        ],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    ),
  );
  const signIns = result.statusCodeStats["302"]?.count ?? 0;
  const figures = {
    signInsPerSecond: Math.round((signIns / result.duration) * 10) / 10,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    signIns,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    errors: result.errors,
    timeouts: result.timeouts,
  };
  if (signIns !== result.requests.total || figures.errors > 0 || figures.timeouts > 0) {
    throw new Error(`Sign-ins failed under load: ${JSON.stringify(figures)}`);
  }
  return figures;
}

/**
 * Chromium as the Lighthouse CLI launches it (chrome-launcher, with its default
 * flags: among them RenderDocument off, which Lighthouse keeps off while it
 * distorts navigations), plus this machine's flags.
 */
async function launchChromium() {
  const chrome = await launchChrome({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless", ...CHROME_FLAGS],
    logLevel: "silent",
  });
  return { port: chrome.port, stop: async () => chrome.kill() };
}

// Lighthouse itself asks for another run when its trace recording fails
// (NO_NAVSTART and similar); one more attempt, then the error stands.
async function lighthouseScores(url) {
  try {
    return await lighthouseScoresOnce(url);
  } catch (error) {
    if (!String(error?.message).startsWith("Lighthouse: NO_")) throw error;
    console.log(`${error.message.split(" ").slice(0, 2).join(" ")}; running Lighthouse again ...`);
    return lighthouseScoresOnce(url);
  }
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const transferred = (items) => items.reduce((total, item) => total + (item.transferSize ?? 0), 0);

async function lighthouseScoresOnce(url) {
  const { default: lighthouse } = await import("lighthouse");
  const chromium = await launchChromium();
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      hostname: "127.0.0.1",
      output: "json",
      logLevel: "error",
      formFactor: "mobile",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { categories, audits, runtimeError, environment } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id) => (categories[id]?.score === null ? null : Math.round((categories[id]?.score ?? 0) * 100));
    const metric = (id) => audits[id]?.numericValue ?? null;
    // Every request of the load (Lighthouse waits for the network to go quiet, no interaction), as transferred.
    const requests = audits["network-requests"]?.details?.items ?? [];
    return {
      jsTransferKb: kb(transferred(requests.filter((item) => item.resourceType === "Script"))),
      totalTransferKb: kb(transferred(requests)),
      failedAudits: Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
        .map((audit) =>
          audit.id === "inspector-issues"
            ? `inspector-issues (${(audit.details?.items ?? []).map((item) => item.issueType).join(", ")})`
            : audit.id,
        ),
      performance: score("performance"),
      // Lighthouse's own measure of this machine's speed at the time (higher is faster);
      // its CPU throttling assumes a fast desktop, so a low index pulls every score down.
      benchmarkIndex: Math.round(environment.benchmarkIndex),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      firstContentfulPaintMs: Math.round(metric("first-contentful-paint")),
      largestContentfulPaintMs: Math.round(metric("largest-contentful-paint")),
      totalBlockingTimeMs: Math.round(metric("total-blocking-time")),
      cumulativeLayoutShift: Math.round(metric("cumulative-layout-shift") * 1000) / 1000,
    };
  } finally {
    await chromium.stop();
  }
}

/** The run with the median performance score, and every run's score beside it. */
function medianRun(runs) {
  const sorted = runs.toSorted((a, b) => a.performance - b.performance);
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)],
    performanceRuns: runs.map((run) => run.performance),
    benchmarkIndexes: runs.map((run) => run.benchmarkIndex),
  };
}

/** The messaging figures (bench/messaging.ts) against the running server. */
async function messagingBench(running, scratch) {
  const resultFile = path.join(scratch, "messaging.json");
  const env = { ...process.env };
  for (const name of SERVER_SETTINGS) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: new URL(running.baseUrl).port,
    DATA_DIR: path.join(scratch, "data"),
    PG_DATA_DIR: path.join(scratch, "pg"),
    BENCH_BASE_URL: running.baseUrl,
    BENCH_SERVER_PID: String(running.server.child.pid),
    BENCH_RESULT_FILE: resultFile,
  });
  const child = spawn("npx", ["tsx", "bench/messaging.ts"], { cwd: ROOT, env, stdio: "inherit" });
  const code = await new Promise((resolve) => child.on("exit", resolve));
  const result = existsSync(resultFile) ? JSON.parse(await readFile(resultFile, "utf8")) : null;
  if (!result) throw new Error(`The messaging benchmark stopped with ${code} before its figures`);
  // Lost or repeated messages are printed with the rest, and fail the run.
  if (code !== 0) process.exitCode = 1;
  return result;
}

function printTable(title, rows) {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${title}`);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

const mark = (value, ok) => `${value}${ok ? "" : " (over budget)"}`;

const latencyFigures = (r) => `${r.p50Ms} ms / ${r.p95Ms} ms / ${r.p99Ms} ms / ${r.maxMs} ms`;

function printMessaging(m) {
  printTable(
    `Messages over the realtime stream (${m.streams} streams open, ${m.messages} messages at ${m.ratePerSecond}/s)`,
    [
      ["", "p50 / p95 / p99 / max"],
      ["POST /api/messages to the recipient's stream", latencyFigures(m)],
      ["POST /api/messages answered", latencyFigures(m.postAnswer)],
      ["the event after the POST's answer", latencyFigures(m.eventAfterAnswer)],
      [
        "delivered, lost, send errors, duplicates",
        `${m.delivered} of ${m.messages}, ${m.lost}, ${m.sendErrors}, ${m.duplicates}`,
      ],
      [
        "RSS: no streams / streams open / after the messages",
        `${m.rssBeforeStreamsMb} MB / ${m.rssStreamsOpenMb} MB / ${m.rssAfterMessagesMb} MB`,
      ],
      [
        "CPU while sending (% of one core)",
        `server ${m.cpuPercent.server}%, PostgreSQL ${m.cpuPercent.postgres}%, bench client ${m.cpuPercent.benchClient}%`,
      ],
      ["machine load average before / after the sends", m.loadAverage.join(" / ")],
    ],
  );
}

function printLighthouse(pages) {
  const indexes = Object.values(pages).flatMap((page) => page.benchmarkIndexes);
  printTable(
    `Lighthouse 13, mobile, median of ${LIGHTHOUSE_RUNS} runs (performance [every run] / accessibility / best practices / SEO; FCP, LCP, TBT, CLS)`,
    Object.entries(pages).map(([pagePath, l]) => [
      pagePath,
      `${mark(l.performance, l.performance >= BUDGETS.performance)} [${l.performanceRuns.join(", ")}] / ${mark(l.accessibility, l.accessibility >= BUDGETS.accessibility)} / ${mark(l.bestPractices, l.bestPractices >= BUDGETS.bestPractices)} / ${mark(l.seo, l.seo >= BUDGETS.seo)}; ` +
        `${l.firstContentfulPaintMs} ms, ${l.largestContentfulPaintMs} ms, ${l.totalBlockingTimeMs} ms, ${l.cumulativeLayoutShift}` +
        (l.failedAudits.length > 0 ? `; failing: ${l.failedAudits.join(", ")}` : ""),
    ]),
  );
  console.log(
    `  Lighthouse's benchmark index of this machine during the runs: ${Math.min(...indexes)}-${Math.max(...indexes)}`,
  );
  const home = pages["/"];
  if (home) {
    printTable("Bytes of / before any interaction (as transferred)", [
      [
        "JavaScript (gzipped)",
        mark(`${home.jsTransferKb} KB (budget ${BUDGETS.homeJsKb} KB)`, home.jsTransferKb <= BUDGETS.homeJsKb),
      ],
      [
        "total transfer",
        mark(
          `${home.totalTransferKb} KB (budget ${BUDGETS.homeTransferKb} KB)`,
          home.totalTransferKb <= BUDGETS.homeTransferKb,
        ),
      ],
    ]);
  }
}

async function main() {
  process.chdir(ROOT);
  process.env.PATH = `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`;
  ensureBuild();

  const scratch = await scratchDir();
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.versions.node,
    },
    settings: {
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      signInDurationSeconds: SIGN_IN_DURATION,
      signInConnections: SIGN_IN_CONNECTIONS,
    },
  };
  let running;
  try {
    console.log("Starting the production server on a fresh data directory ...");
    running = await timedStart(scratch);
    results.firstStartMs = Math.round(running.startMs);
    results.rssAfterStartMb = await rssMb(running.server.child.pid);
    const home = await fetch(`${running.baseUrl}/`);
    if (home.status !== 200) throw new Error(`GET / answered ${home.status}`);
    await home.arrayBuffer();
    results.rssAfterFirstPageMb = await rssMb(running.server.child.pid);

    if (IS_FULL || ONLY_BURST) {
      console.log("Sign-in burst: GET / idle, then during bursts of simultaneous sign-ins ...");
      results.signInBurst = await signInBurst(running.baseUrl);
      // Failed requests are printed with the rest, and fail the run.
      if (results.signInBurst.errors > 0) process.exitCode = 1;
    }

    if (IS_FULL || ONLY_HOME) {
      console.log(`Signed-out /: from the page cache, from memory, rendered (${DURATION} s each) ...`);
      results.homeAgainstStatic = await homeAgainstStatic(running.baseUrl, scratch);
    }

    if (IS_FULL) {
      console.log(`Load: ${CONNECTIONS} connections for ${DURATION} s on /healthz, then on / ...`);
      results.healthz = await load(`${running.baseUrl}/healthz`);
      results.home = await load(`${running.baseUrl}/`);
      results.rssAfterLoadMb = await rssMb(running.server.child.pid);
      console.log(`Sign-ins: ${SIGN_IN_CONNECTIONS} connections for ${SIGN_IN_DURATION} s on POST /login/desktop ...`);
      results.signIn = await signInLoad(running.baseUrl);
      results.rssAfterSignInsMb = await rssMb(running.server.child.pid);
    }

    if (ONLY_MESSAGES || ONLY_BURST || ONLY_HOME) {
      results.lighthouse = null;
    } else if (existsSync(CHROME_PATH)) {
      results.lighthouse = {};
      for (const pagePath of LIGHTHOUSE_PATHS) {
        const url = `${running.baseUrl}${pagePath}`;
        for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await (await fetch(url)).arrayBuffer();
        console.log(`Lighthouse (mobile) on ${pagePath}, ${LIGHTHOUSE_RUNS} runs ...`);
        const runs = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) runs.push(await lighthouseScores(url));
        results.lighthouse[pagePath] = medianRun(runs);
      }
    } else {
      console.log(
        `Lighthouse skipped: no Chromium at ${CHROME_PATH} (apt-get install -y chromium, or set CHROME_PATH).`,
      );
      results.lighthouse = null;
    }

    if (!ONLY_LIGHTHOUSE && !ONLY_BURST && !ONLY_HOME) results.messaging = await messagingBench(running, scratch);

    await stopServer(running.server);
    running = undefined;
    if (IS_FULL) console.log(`Restarting ${RESTARTS} times on the existing data ...`);
    const restarts = [];
    for (let i = 0; i < (IS_FULL ? RESTARTS : 0); i += 1) {
      running = await timedStart(scratch);
      restarts.push(Math.round(running.startMs));
      // Without the first start's seed (three scrypt hashes of 128 MiB each).
      results.rssAfterRestartMb = await rssMb(running.server.child.pid);
      await stopServer(running.server);
      running = undefined;
    }
    results.restartMs = restarts.toSorted((a, b) => a - b)[Math.floor(restarts.length / 2)];
    results.restartRunsMs = restarts;
  } finally {
    if (running) {
      running.server.child.kill("SIGKILL");
      await running.server.exited;
    }
    await rm(scratch, { recursive: true, force: true });
  }

  if (IS_FULL) {
    printTable(`Tendly benchmark, ${results.date} (${results.machine.cpus} cores, Node ${results.machine.node})`, [
      ["first start (initdb, migrate, seed)", `${results.firstStartMs} ms`],
      ["restart on existing data (median of 3)", `${results.restartMs} ms (${results.restartRunsMs.join(", ")})`],
      [
        "RSS: started / first page / after load",
        `${results.rssAfterStartMb} MB / ${results.rssAfterFirstPageMb} MB / ${results.rssAfterLoadMb} MB`,
      ],
      ["RSS: restarted, before any page", `${results.rssAfterRestartMb} MB`],
      ["RSS: after the sign-ins", `${results.rssAfterSignInsMb} MB`],
    ]);
    printTable(`Load (${CONNECTIONS} connections, ${DURATION} s each)`, [
      ["", "req/s     p50      p99"],
      ...[
        ["GET /healthz", results.healthz],
        ["GET /", results.home],
      ].map(([label, r]) => loadRow(label, r)),
      [
        `POST /login/desktop, sign-ins (${SIGN_IN_CONNECTIONS} connections, ${SIGN_IN_DURATION} s)`,
        `${String(results.signIn.signInsPerSecond).padEnd(9)} ${`${results.signIn.latencyP50Ms} ms`.padEnd(8)} ${results.signIn.latencyP99Ms} ms`,
      ],
    ]);
  }
  if (results.homeAgainstStatic) printHomeAgainstStatic(results.homeAgainstStatic);
  if (results.signInBurst) printTable("GET / during bursts of sign-ins", burstRows(results.signInBurst));
  if (results.lighthouse) printLighthouse(results.lighthouse);
  if (results.messaging) printMessaging(results.messaging);

  const outDir = path.join(ROOT, "bench", "out");
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(ROOT, path.join(outDir, "latest.json"))}`);

  // Where the server's memory goes (bench/memory.js), then matching over 100,000 synthetic caregivers, the admin
  // analytics and the signed-in pages over a year for 10,000 families, each on both PostgreSQL servers
  // (bench/matching.ts, bench/analytics.ts, bench/pages.ts).
  if (!IS_FULL) return;
  for (const script of ["bench/memory.js", "bench/matching.ts", "bench/analytics.ts", "bench/pages.ts"]) {
    const child = spawn("npx", ["tsx", script], { cwd: ROOT, stdio: "inherit" });
    const code = await new Promise((resolve) => child.on("exit", resolve));
    if (code !== 0) process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
