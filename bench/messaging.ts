// The messaging part of `npm run bench` (alone: BENCH_ONLY=messages npm run bench):
// how long a message takes from the sender's POST to the recipient's open
// realtime stream, with BENCH_MESSAGE_PAIRS x 2 streams open (default 100
// pairs: 200 streams). bench/run.js starts the production server and runs this
// with tsx, naming the server (BENCH_BASE_URL, BENCH_SERVER_PID) and its data
// (DATA_DIR, PG_DATA_DIR: the embedded PostgreSQL's port and password are
// there); the figures go to BENCH_RESULT_FILE as JSON.
//
// 1. Setup, straight into the server's database through the app's own code:
//    families and caregivers (the seed's factories), one order between each
//    pair booked through the real flow (request, choice, acceptance: the
//    acceptance opens the pair's conversation), and a session per person made
//    by better-auth itself (a form sign-in costs a scrypt hash, ~0.4 CPU-s,
//    which is the sign-in figure's business, not this one's). The jobs the
//    bookings queued (emails, notifications) are left to finish first.
// 2. One Server-Sent Events stream per person on GET /api/events, each on its
//    own TCP connection, read by a small parser here.
// 3. A warm-up: one message in each conversation, which must reach both
//    people's streams (the recipient's, and the sender's own as their other
//    tabs would): every stream is proven live before anything is timed.
// 4. BENCH_MESSAGES messages (default 500) at BENCH_MESSAGE_RATE per second
//    (default 20), each from a random side of a random pair through the real
//    send endpoint (POST /api/messages, as the composer posts it). Latency:
//    from just before the POST to the arrival of the "message" event carrying
//    that message's clientKey on the recipient's stream. Also the POST's own
//    answer time, the event's arrival after that answer, the messages lost (no
//    event within BENCH_MESSAGE_TIMEOUT_MS), refused or received twice, the
//    server's RSS with no stream, with the streams open and after the
//    messages, and the CPU the server, its PostgreSQL and this client used
//    while the messages were sent.
//
// Everything runs on this machine: the server, its PostgreSQL, and this
// client (its 200 sockets and parser share the two cores with the server).
import { randomUUID } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { addDays, format, nextMonday } from "date-fns";
import { and, count, eq, isNull, lte } from "drizzle-orm";
import { installEventHandlers } from "~/event-handlers.server";
import { getAuth, initAuth } from "~/platform/auth/auth.server";
import { connectDatabase, disconnectDatabase } from "~/platform/db/client.server";
import { conversations, jobs } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { getEnv } from "~/utils/env.server";
import { loadEmbeddedPostgresPassword, loadLocalSecrets } from "~/utils/local-secrets.server";

const PAIRS = positiveInteger("BENCH_MESSAGE_PAIRS", 100);
const MESSAGES = positiveInteger("BENCH_MESSAGES", 500);
const RATE = positiveInteger("BENCH_MESSAGE_RATE", 20);
const TIMEOUT_MS = positiveInteger("BENCH_MESSAGE_TIMEOUT_MS", 10_000);
const BASE_URL = required("BENCH_BASE_URL");
const SERVER_PID = Number(required("BENCH_SERVER_PID"));
const RESULT_FILE = process.env.BENCH_RESULT_FILE;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (bench/run.js sets it; see the header of bench/messaging.ts)`);
  return value;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return round(Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) / 1024);
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of each process: its parent's pid, and its own time. */
async function processTimes(): Promise<Map<number, { parent: number; seconds: number }>> {
  const times = new Map<number, { parent: number; seconds: number }>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // The command name, in parentheses, may hold spaces: the fields after it are counted from its end.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields.length < 13) continue;
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    times.set(Number(entry), { parent: Number(fields[1]), seconds });
  }
  return times;
}

/** CPU seconds so far of the server process, and of its descendants (the embedded PostgreSQL and its backends). */
async function serverCpu(): Promise<{ node: number; postgres: number }> {
  const times = await processTimes();
  const isDescendant = (pid: number): boolean => {
    for (let parent = times.get(pid)?.parent; parent && parent > 1; parent = times.get(parent)?.parent)
      if (parent === SERVER_PID) return true;
    return false;
  };
  let postgres = 0;
  for (const [pid, { seconds }] of times) if (isDescendant(pid)) postgres += seconds;
  return { node: times.get(SERVER_PID)?.seconds ?? 0, postgres };
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summary(values: number[]) {
  const sorted = values.toSorted((a, b) => a - b);
  return {
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  };
}

/** The embedded PostgreSQL of the benchmarked server: its port is in postmaster.pid, its password beside it. */
async function serverDatabaseUrl(): Promise<string> {
  const env = getEnv();
  const pid = await readFile(path.join(env.pgDataDir, "postmaster.pid"), "utf8");
  const port = Number(pid.split("\n")[3]);
  const password = await loadEmbeddedPostgresPassword(env.pgDataDir, env.DATA_DIR);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/tendly`;
}

type Person = { id: string; role: "client" | "caregiver"; cookie: string };
type Pair = { conversationId: string; family: Person; caregiver: Person };

/** A Monday three weeks ahead, 10:00 to 12:00 in Chicago: inside every bench caregiver's hours. */
function careRequest(tag: string) {
  return {
    careRecipient: "loved-one",
    fullName: `Ruth Bench${tag}`,
    age: 81,
    gender: "female",
    phoneNumber: "(312) 555-0190",
    streetAddress: "2400 N Clark St",
    zipCode: "60614",
    serviceTypes: ["personal-care"],
    healthNeeds: [],
    preferredLanguage: "en",
    additionalDetails: "",
    scheduleType: "one-time",
    startDate: format(addDays(nextMonday(new Date()), 21), "yyyy-MM-dd"),
    startTime: "10:00",
    endTime: "12:00",
    promoCode: "",
    termsAccepted: true,
  };
}

/** A better-auth session for the user, as the cookie a browser would hold after signing in. */
async function sessionCookie(userId: string): Promise<string> {
  const context = await getAuth().$context;
  const session = await context.internalAdapter.createSession(userId);
  // The signed value better-auth sets (better-call's signCookieValue: value.HMAC-SHA256, base64).
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(context.secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(session.token));
  const signed = `${session.token}.${Buffer.from(signature).toString("base64")}`;
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
}

async function createPairs(): Promise<Pair[]> {
  const db = connectDatabase(await serverDatabaseUrl(), { max: 4 });
  const { authSecret } = await loadLocalSecrets(getEnv().DATA_DIR);
  initAuth(authSecret);
  const run = Date.now().toString(36);
  const pairs: Pair[] = [];
  for (let i = 0; i < PAIRS; i += 1) {
    const tag = `${run}-${i}`;
    const family = await createClient(db, {
      firstName: "Bench",
      lastName: `Family${i}`,
      email: `family-${tag}@bench.test`,
    });
    const caregiver = await createCaregiver(db, {
      firstName: "Bench",
      lastName: `Caregiver${i}`,
      email: `caregiver-${tag}@bench.test`,
      zipCode: "60657",
      services: ["personal-care"],
    });
    const { orderId } = await submitCareRequest({
      actor: { id: family.id, roles: ["client"] },
      request: careRequest(tag),
    });
    await chooseCaregiver({ actor: { id: family.id, roles: ["client"] }, orderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
    const [conversation] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userAId, family.id), eq(conversations.userBId, caregiver.id)));
    if (!conversation) throw new Error("Accepting the offer opened no conversation");
    pairs.push({
      conversationId: conversation.id,
      family: { id: family.id, role: "client", cookie: await sessionCookie(family.id) },
      caregiver: { id: caregiver.id, role: "caregiver", cookie: await sessionCookie(caregiver.id) },
    });
  }
  // The bookings queued emails and notifications: the server's job runner sends them before anything is timed.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [due] = await db
      .select({ jobs: count() })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), lte(jobs.runAt, new Date())));
    if ((due?.jobs ?? 0) === 0) break;
    if (Date.now() > deadline) throw new Error(`${due?.jobs} jobs still due after 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await disconnectDatabase();
  return pairs;
}

type StreamEvent = { id?: string; event?: string; data: string };

/** One open Server-Sent Events stream of a person, on a TCP connection of its own. */
type Stream = { person: Person; close: () => void; isOpen: () => boolean };

function openStream(
  person: Person,
  onEvent: (person: Person, event: StreamEvent, at: number) => void,
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${BASE_URL}/api/events`,
      { agent: false, headers: { accept: "text/event-stream", cookie: person.cookie } },
      (response) => {
        if (response.statusCode !== 200 || !String(response.headers["content-type"]).startsWith("text/event-stream")) {
          response.resume();
          reject(new Error(`GET /api/events answered ${response.statusCode} ${response.headers["content-type"]}`));
          return;
        }
        let isOpen = true;
        response.on("close", () => (isOpen = false));
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: StreamEvent = { data: "" };
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line === "" || line.startsWith(":")) continue;
              const colon = line.indexOf(":");
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
              if (field === "data") data.push(value);
              else if (field === "id") event.id = value;
              else if (field === "event") event.event = value;
            }
            if (data.length === 0) continue;
            event.data = data.join("\n");
            onEvent(person, event, at);
          }
        });
        resolve({ person, close: () => request.destroy(), isOpen: () => isOpen });
      },
    );
    request.on("error", reject);
  });
}

/** Sends a message through the real endpoint, as the conversation page's composer posts it; returns the error, if any. */
async function sendMessage(sender: Person, conversationId: string, clientKey: string, body: string) {
  // `as`: the area the sender writes from, which decides their side (app/routes/api/messages.ts).
  const form = new URLSearchParams({ intent: "send", as: sender.role, conversationId, clientKey, body });
  const response = await fetch(`${BASE_URL}/api/messages`, {
    method: "POST",
    body: form,
    headers: {
      cookie: sender.cookie,
      origin: BASE_URL,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    redirect: "manual",
  });
  const text = await response.text();
  // A refusal answers { ok: false, reason, message } with its status; anything else not JSON is an error too.
  if (response.status !== 200) return `HTTP ${response.status}: ${text.slice(0, 200)}`;
  try {
    if ((JSON.parse(text) as { ok?: boolean }).ok === true) return null;
  } catch {
    // Not JSON: reported below.
  }
  return `HTTP 200 without { ok: true }: ${text.slice(0, 200)}`;
}

type Pending = {
  recipientId: string;
  senderId: string;
  sentAt: number;
  /** When the POST was answered (0 until then). */
  answeredAt: number;
  arrivedAt: number;
  arrived: boolean;
  echoed: boolean;
};

function newPending(sender: Person, recipient: Person, sentAt: number): Pending {
  return {
    recipientId: recipient.id,
    senderId: sender.id,
    sentAt,
    answeredAt: 0,
    arrivedAt: 0,
    arrived: false,
    echoed: false,
  };
}

/** Polls `check` until it holds or `timeoutMs` passes; returns whether it holds. */
async function waitFor(check: () => boolean, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (!check() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

async function main() {
  // This script confirms orders through the features, like any entry point (docs/decisions/0035-domain-events.md).
  installEventHandlers();
  console.log(`Messaging: ${PAIRS} family and caregiver pairs with a confirmed order each ...`);
  const setupStarted = performance.now();
  const pairs = await createPairs();
  const setupSeconds = round((performance.now() - setupStarted) / 1000);
  const rssBeforeStreamsMb = await rssMb(SERVER_PID);

  const pending = new Map<string, Pending>();
  let duplicates = 0;
  let stray = 0;
  let resyncs = 0;
  const onEvent = (person: Person, event: StreamEvent, at: number) => {
    if (event.event === "resync") resyncs += 1;
    if (event.event !== "message") return;
    const { message } = JSON.parse(event.data) as { message: { clientKey: string } };
    const entry = pending.get(message.clientKey);
    if (!entry) return void (stray += 1);
    if (person.id === entry.senderId) {
      if (entry.echoed) duplicates += 1;
      entry.echoed = true;
      return;
    }
    if (person.id !== entry.recipientId) return void (stray += 1);
    if (entry.arrived) return void (duplicates += 1);
    entry.arrived = true;
    entry.arrivedAt = at;
  };

  console.log(`Messaging: opening ${pairs.length * 2} event streams ...`);
  const openStarted = performance.now();
  const streams = await Promise.all(
    pairs.flatMap((pair) => [openStream(pair.family, onEvent), openStream(pair.caregiver, onEvent)]),
  );
  const openSeconds = round((performance.now() - openStarted) / 1000, 2);

  // Warm-up, untimed: a message in each conversation reaches both people's streams, so every stream is live.
  const warmUp = pairs.map((pair, i) => {
    const clientKey = randomUUID();
    const [sender, recipient] = i % 2 === 0 ? [pair.family, pair.caregiver] : [pair.caregiver, pair.family];
    pending.set(clientKey, newPending(sender, recipient, -1));
    return { pair, sender, clientKey };
  });
  const rssStreamsOpenMb = await rssMb(SERVER_PID);
  console.log(`Messaging: warm-up, one message in each of ${pairs.length} conversations ...`);
  for (let i = 0; i < warmUp.length; i += 10) {
    const answers = await Promise.all(
      warmUp
        .slice(i, i + 10)
        .map(({ pair, sender, clientKey }) => sendMessage(sender, pair.conversationId, clientKey, "Warm-up message")),
    );
    const refused = answers.filter((error) => error !== null);
    if (refused.length > 0) throw new Error(`The warm-up sends were refused: ${refused.join("; ")}`);
  }
  const isLive = await waitFor(
    () => warmUp.every(({ clientKey }) => pending.get(clientKey)!.arrived && pending.get(clientKey)!.echoed),
    TIMEOUT_MS,
  );
  if (!isLive) {
    const dead = warmUp.filter(({ clientKey }) => !pending.get(clientKey)!.arrived || !pending.get(clientKey)!.echoed);
    throw new Error(`${dead.length} conversations' streams did not receive the warm-up message`);
  }

  console.log(`Messaging: ${MESSAGES} messages at ${RATE}/s, each from a random side of a random pair ...`);
  const sendTimes: number[] = [];
  const errors: string[] = [];
  const sends: Promise<void>[] = [];
  const keys: string[] = [];
  const loadBefore = os.loadavg()[0]!;
  const cpuBefore = await serverCpu();
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < MESSAGES; i += 1) {
    // A steady rate: the i-th send leaves at i / RATE seconds, whatever the previous ones are doing.
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const pair = pairs[Math.floor(Math.random() * pairs.length)]!;
    const [sender, recipient] = Math.random() < 0.5 ? [pair.family, pair.caregiver] : [pair.caregiver, pair.family];
    const clientKey = randomUUID();
    keys.push(clientKey);
    const sentAt = performance.now();
    const entry = newPending(sender, recipient, sentAt);
    pending.set(clientKey, entry);
    sends.push(
      sendMessage(sender, pair.conversationId, clientKey, `Bench message ${i + 1}: on my way, see you at ten.`).then(
        (error) => {
          entry.answeredAt = performance.now();
          sendTimes.push(entry.answeredAt - sentAt);
          if (error !== null) errors.push(error);
        },
        (error: unknown) => void errors.push(error instanceof Error ? error.message : String(error)),
      ),
    );
  }
  await Promise.all(sends);
  const sendSeconds = (performance.now() - started) / 1000;
  const cpuAfter = await serverCpu();
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const cpuPercent = (seconds: number) => Math.round((seconds / sendSeconds) * 100);
  await waitFor(() => keys.every((key) => pending.get(key)!.arrived), TIMEOUT_MS);
  const timed = keys.map((key) => pending.get(key)!);
  const lost = timed.filter((entry) => !entry.arrived).length;
  const latencies = timed.filter((entry) => entry.arrived).map((entry) => entry.arrivedAt - entry.sentAt);
  // Negative: the event reached the recipient before the sender had the POST's answer.
  const afterAnswer = timed
    .filter((entry) => entry.arrived && entry.answeredAt > 0)
    .map((entry) => entry.arrivedAt - entry.answeredAt);
  // A little longer, for duplicates arriving late.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const streamsStillOpen = streams.filter((stream) => stream.isOpen()).length;
  const rssAfterMessagesMb = await rssMb(SERVER_PID);
  for (const stream of streams) stream.close();

  const result = {
    pairs: pairs.length,
    streams: streams.length,
    messages: MESSAGES,
    ratePerSecond: RATE,
    achievedRatePerSecond: round(MESSAGES / sendSeconds),
    delivered: latencies.length,
    ...summary(latencies),
    postAnswer: summary(sendTimes),
    eventAfterAnswer: summary(afterAnswer),
    lost,
    sendErrors: errors.length,
    sendErrorSamples: [...new Set(errors)].slice(0, 5),
    duplicates,
    strayEvents: stray,
    resyncs,
    streamsStillOpen,
    setupSeconds,
    streamsOpenedInSeconds: openSeconds,
    rssBeforeStreamsMb,
    rssStreamsOpenMb,
    rssAfterMessagesMb,
    // Of one core, while the messages were sent: the server, its PostgreSQL, and this client.
    // The machine's one-minute load average before and after the sends (2 cores: other work shares them).
    loadAverage: [round(loadBefore, 2), round(os.loadavg()[0]!, 2)],
    cpuPercent: {
      server: cpuPercent(cpuAfter.node - cpuBefore.node),
      postgres: cpuPercent(cpuAfter.postgres - cpuBefore.postgres),
      benchClient: cpuPercent((clientCpu.user + clientCpu.system) / 1e6),
    },
  };
  console.log(
    `Messaging: delivered ${result.delivered}/${MESSAGES}, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
      `lost ${lost}, errors ${errors.length}, duplicates ${duplicates}`,
  );
  if (RESULT_FILE) await writeFile(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
  else console.log(JSON.stringify(result, null, 2));
  if (lost > 0 || errors.length > 0 || duplicates > 0 || streamsStillOpen !== streams.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`\nMessaging benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  process.exitCode = 1;
});
