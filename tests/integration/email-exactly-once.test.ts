import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { jobs } from "~/platform/db/schema";
import { listOutbox, SEND_EMAIL_JOB, sendEmail } from "~/platform/email/mailer.server";
import { claimDueJobs, DEFAULT_LEASE_SECONDS } from "~/platform/jobs/runner.server";
import { createTestDatabase, type TestDatabase } from "./db";
import { createDataDir, useTestEnv } from "./env";

// Exactly once across a crash (docs/decisions/0012-job-queue.md): a runner in
// a child process is killed (SIGKILL) after its transport wrote the email but
// before the job was marked done; a second runner, once the job's lease has
// run out, runs the job again, and the outbox still holds that email once.
// The lease is the production one; rather than wait it out, the test moves it
// into the past in the database, which is what decides expiry (claimDueJobs
// compares locked_until with now()).

const FIXTURE = path.join(import.meta.dirname, "fixtures", "email-runner.ts");
const LEASE_SECONDS = DEFAULT_LEASE_SECONDS;

let testDb: TestDatabase;
let dataDir: string;
let removeDataDir: () => Promise<void>;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});
beforeEach(async () => {
  ({ dir: dataDir, remove: removeDataDir } = await createDataDir());
  useTestEnv({ DATA_DIR: dataDir });
});
afterEach(async () => {
  await removeDataDir();
  useTestEnv();
});

type Child = { output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

/**
 * Starts the fixture runner. Its connections carry `name` as their
 * application_name (PGAPPNAME, read by node-postgres), so that the test can
 * tell when PostgreSQL has closed them.
 */
function startRunner(
  name: string,
  env: Record<string, string>,
  onLine?: (line: string, kill: () => void) => void,
): Child {
  // Node itself with tsx's loader: the tsx command runs the script in a child
  // process of its own, which a SIGKILL to the command would not reach.
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TEST_DATABASE_URL: testDb.url,
      DATA_DIR: dataDir,
      LEASE_SECONDS: String(LEASE_SECONDS),
      PGAPPNAME: name,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    for (const line of chunk.split("\n")) if (line) onLine?.(line, () => child.kill("SIGKILL"));
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { output: () => output, exited };
}

/** How many connections to this database `name` still has, as PostgreSQL sees them. */
async function connectionsOf(name: string): Promise<number> {
  const { rows } = await testDb.db.execute<{ n: number }>(sql`
    select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${name}
  `);
  return rows[0]!.n;
}

const emailJob = async (to: string) => {
  const rows = await testDb.db.select().from(jobs).where(eq(jobs.name, SEND_EMAIL_JOB));
  return rows.find((row) => row.payload.to === to)!;
};

test("a runner killed mid-send, then run again after the lease, delivers the email exactly once", async () => {
  const to = "once@example.test";
  await sendEmail({ to, subject: "Exactly once", text: "Only one of me.", html: "<p>Only one of me.</p>" });

  // 1. The first runner writes the email, then pauses before the job is marked done: killed there.
  const first = startRunner("email-runner-killed", { PAUSE_AFTER_DELIVERY_MS: "60000" }, (line, kill) => {
    if (line.startsWith("delivered ")) kill();
  });
  const killed = await first.exited;
  expect({ ...killed, output: first.output() }).toMatchObject({ code: null, signal: "SIGKILL" });
  expect(first.output()).toMatch(/^delivered /m);
  expect(first.output()).not.toMatch(/^ran /m);
  const leased = await emailJob(to);
  expect(leased).toMatchObject({ doneAt: null, attempts: 1, payload: { text: "Only one of me." } });
  expect(leased.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  expect((await listOutbox()).filter((entry) => entry.to === to)).toHaveLength(1);
  // While the lease runs, no other runner takes the job.
  expect(await claimDueJobs(testDb.db, [SEND_EMAIL_JOB])).toEqual([]);

  // 2. Once the lease has run out, another runner takes the job again and finishes it.
  // The dead runner's connections are gone first (PostgreSQL ends them when it
  // sees the sockets closed), so that no lease renewal of it can still land
  // after the lease is moved back.
  await vi.waitFor(async () => expect(await connectionsOf("email-runner-killed")).toBe(0), {
    timeout: 10_000,
    interval: 20,
  });
  await testDb.db.execute(sql`
    update jobs set locked_until = locked_until - make_interval(secs => ${LEASE_SECONDS}) where id = ${leased.id}
  `);
  const second = startRunner("email-runner-second", {});
  expect({ ...(await second.exited), output: second.output() }).toMatchObject({ code: 0, signal: null });
  expect(second.output()).toMatch(/^ran 1$/m);

  const done = await emailJob(to);
  expect(done.doneAt).toBeInstanceOf(Date);
  expect(done.attempts).toBe(2);
  expect(done.payload).toEqual({ to, subject: "Exactly once" });
  const delivered = (await listOutbox()).filter((entry) => entry.to === to);
  expect(delivered).toHaveLength(1);
  expect(delivered[0]!.id).toMatch(new RegExp(`-job-${done.id}$`));
  // One .eml and one .json, and no temporary file left behind.
  expect((await readdir(path.join(dataDir, "outbox"))).sort()).toEqual(
    [`${delivered[0]!.id}.eml`, `${delivered[0]!.id}.json`].sort(),
  );
  // A bound on a hang only: each of the two runner processes takes up to about 28 s to start on a busy machine.
}, 120_000);
