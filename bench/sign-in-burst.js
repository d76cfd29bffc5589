// The sign-in burst part of `npm run bench` (alone: BENCH_ONLY=sign-in-burst npm run bench):
// whether a burst of sign-ins slows unrelated pages. Password hashing (scrypt
// N=2^17) and PostgreSQL's SCRAM logins share libuv's thread pool
// (docs/decisions/0018-password-hashing-lane.md).
//
// 1. Idle: BENCH_BURST_IDLE_REQUESTS (default 200) GET / at BENCH_BURST_RATE
//    per second (default 10), sent on a fixed schedule whether or not the
//    previous ones have been answered (so a slow answer is timed from when it
//    was due, not hidden by a late send).
// 2. Burst: BENCH_BURST_ROUNDS rounds (default 3), each: the same GET / schedule
//    and, 0.5 s into it, BENCH_BURST_SIGN_INS (default 20) sign-ins at once
//    through the real form action (POST /login/desktop, the demo client's and
//    caregiver's accounts in turn, each from its own client address), the
//    schedule running until the last sign-in is answered; 2 s between rounds.
// Printed: p50/p99 of GET / idle and during the bursts, their ratio (goal:
// p99 during the bursts at most 2x idle), the sign-ins' own latency, and the
// errors: a GET / other than 200, a sign-in other than a 302 with a session
// (a "try again in a moment" 503 included), or a request with no answer.

const IDLE_REQUESTS = positiveNumber("BENCH_BURST_IDLE_REQUESTS", 200);
const RATE = positiveNumber("BENCH_BURST_RATE", 10);
const ROUNDS = positiveNumber("BENCH_BURST_ROUNDS", 3);
const SIGN_INS = positiveNumber("BENCH_BURST_SIGN_INS", 20);
const WARM_UP_REQUESTS = 20;
const LEAD_MS = 500;
const PAUSE_MS = 2000;
const REQUEST_TIMEOUT_MS = 60_000;
export const BURST_GOAL_RATIO = 2;

const ACCOUNTS = [
  { email: "client@demo.tendly.test", password: "DemoPass123!", location: "/dashboard" },
  { email: "caregiver@demo.tendly.test", password: "DemoPass123!", location: "/caregiver" },
];

function positiveNumber(name, fallback) {
  const value = process.env[name] === undefined || process.env[name] === "" ? fallback : Number(process.env[name]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value) => Math.round(value * 10) / 10;

/** Nearest-rank percentile. */
function percentile(values, p) {
  const sorted = values.toSorted((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const summary = (values) => ({
  requests: values.length,
  p50Ms: round(percentile(values, 50)),
  p99Ms: round(percentile(values, 99)),
  maxMs: round(Math.max(...values)),
});

let addressCounter = 0;
function nextAddress() {
  addressCounter += 1;
  return `10.99.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** One GET /, timed from `dueAt` (its place on the schedule). */
async function getHome(baseUrl, dueAt, errors) {
  try {
    const response = await fetch(`${baseUrl}/`, {
      headers: { accept: "text/html" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    if (response.status !== 200) errors.push(`GET / answered ${response.status}`);
  } catch (error) {
    errors.push(`GET / failed: ${error.message}`);
  }
  return performance.now() - dueAt;
}

/** GET / on a fixed schedule until `until()` says stop (checked before each send) or `count` were sent. */
async function homeSchedule(baseUrl, { count = Infinity, until = () => false }, errors) {
  const interval = 1000 / RATE;
  const startedAt = performance.now();
  const pending = [];
  for (let index = 0; index < count && !until(); index += 1) {
    const dueAt = startedAt + index * interval;
    const wait = dueAt - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(getHome(baseUrl, dueAt, errors));
  }
  return Promise.all(pending);
}

/** One sign-in through the desktop form's action: it must redirect home with a session. */
async function signIn(baseUrl, account, errors) {
  const startedAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}/login/desktop`, {
      method: "POST",
      body: new URLSearchParams({ email: account.email, password: account.password }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: baseUrl,
        "x-forwarded-for": nextAddress(),
      },
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    const hasSession = response.headers
      .getSetCookie()
      .some((cookie) => cookie.startsWith("better-auth.session_token="));
    if (response.status !== 302 || response.headers.get("location") !== account.location || !hasSession) {
      errors.push(`sign-in answered ${response.status} (location ${response.headers.get("location")})`);
    }
  } catch (error) {
    errors.push(`sign-in failed: ${error.message}`);
  }
  return performance.now() - startedAt;
}

export async function signInBurst(baseUrl) {
  const errors = [];
  for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await getHome(baseUrl, performance.now(), errors);
  // The first sign-in by hand: the accounts must work before anything is timed.
  for (const account of ACCOUNTS) await signIn(baseUrl, account, errors);
  if (errors.length > 0) throw new Error(`The sign-in burst's warm-up failed: ${errors.join("; ")}`);

  const idle = await homeSchedule(baseUrl, { count: IDLE_REQUESTS }, errors);
  const during = [];
  const signIns = [];
  for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex += 1) {
    let isDone = false;
    const home = homeSchedule(baseUrl, { until: () => isDone }, errors);
    await sleep(LEAD_MS);
    const burst = await Promise.all(
      Array.from({ length: SIGN_INS }, (_, index) => signIn(baseUrl, ACCOUNTS[index % ACCOUNTS.length], errors)),
    );
    isDone = true;
    during.push(...(await home));
    signIns.push(...burst);
    await sleep(PAUSE_MS);
  }
  const idleSummary = summary(idle);
  const duringSummary = summary(during);
  return {
    ratePerSecond: RATE,
    rounds: ROUNDS,
    signInsPerRound: SIGN_INS,
    idle: idleSummary,
    duringBurst: duringSummary,
    p99Ratio: round(duringSummary.p99Ms / idleSummary.p99Ms),
    signIns: summary(signIns),
    errors: errors.length,
    errorSamples: [...new Set(errors)].slice(0, 5),
  };
}

export function burstRows(b) {
  return [
    ["", "p50 / p99 / max"],
    [
      `GET / idle (${b.idle.requests} at ${b.ratePerSecond}/s)`,
      `${b.idle.p50Ms} / ${b.idle.p99Ms} / ${b.idle.maxMs} ms`,
    ],
    [
      `GET / during the bursts (${b.duringBurst.requests})`,
      `${b.duringBurst.p50Ms} / ${b.duringBurst.p99Ms} / ${b.duringBurst.maxMs} ms`,
    ],
    [
      "p99 during / p99 idle",
      `${b.p99Ratio}x${b.p99Ratio <= BURST_GOAL_RATIO ? "" : ` (over the goal of ${BURST_GOAL_RATIO}x)`}`,
    ],
    [
      `POST /login/desktop (${b.rounds} x ${b.signInsPerRound} at once)`,
      `${b.signIns.p50Ms} / ${b.signIns.p99Ms} / ${b.signIns.maxMs} ms`,
    ],
    [
      "errors (non-200 GET /, failed sign-ins, no answer)",
      `${b.errors}${b.errors ? `: ${b.errorSamples.join("; ")}` : ""}`,
    ],
  ];
}
