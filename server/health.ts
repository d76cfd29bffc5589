import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDb, isDatabaseReachable } from "~/db/client.server";
import { isOutboxTransport, outboxDir } from "~/email/mailer.server";

// What GET /healthz answers (server/app.ts; README, "Health check"): the
// database (reached through the pool, with the round trip), where emails go
// (the outbox directory must take a file; SMTP is named, not contacted) and
// the job queue. 503 when the database is unreachable or the outbox cannot be
// written; a lagging queue only makes the status "degraded".

export type MailHealth =
  { transport: "outbox"; status: "ok" | "unwritable"; error?: string } | { transport: "smtp"; status: "not checked" };

export type JobsHealth =
  | {
      status: "ok" | "degraded";
      /** Due for more than a minute and not claimed by any runner. */
      waitingOverAMinute: number;
      /** Given up on (dead letters) within the last hour. */
      failedLastHour: number;
      /** Age of the oldest due job no runner holds, null when none. */
      oldestDueSeconds: number | null;
    }
  | { status: "unknown" };

export type HealthReport = {
  status: "ok" | "degraded" | "unavailable";
  database: "reachable" | "unreachable";
  /** The round trip of a `select 1` through the pool, when it answered. */
  databaseLatencyMs?: number;
  mail: MailHealth;
  jobs: JobsHealth;
  /** Why the status is not "ok". */
  problems: string[];
};

/** How long a queue or outbox check is reused: /healthz may be polled hundreds of times a second. */
const REUSE_MS = 2000;

type Cached<T> = { at: number; value: Promise<T> };
const cache: { mail?: Cached<MailHealth>; jobs?: Cached<JobsHealth> } = {};

function reuse<T>(key: keyof typeof cache, compute: () => Promise<T>): Promise<T> {
  const entry = cache[key] as Cached<T> | undefined;
  if (entry && performance.now() - entry.at < REUSE_MS) return entry.value;
  const value = compute();
  (cache as Record<string, Cached<T>>)[key] = { at: performance.now(), value };
  return value;
}

/** Only for tests that change the outbox or the queue between two checks. */
export function forgetHealthChecks() {
  delete cache.mail;
  delete cache.jobs;
}

/** A file can be created (and removed) in the outbox directory. */
export async function checkMail(): Promise<MailHealth> {
  if (!isOutboxTransport()) return { transport: "smtp", status: "not checked" };
  const dir = outboxDir();
  const probe = path.join(dir, `.healthz-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, "");
    await unlink(probe);
    return { transport: "outbox", status: "ok" };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    return { transport: "outbox", status: "unwritable", error: code };
  }
}

export async function checkJobs(): Promise<JobsHealth> {
  try {
    const { rows } = await getDb().execute<{ waiting: number; oldest: number | null; failed: number }>(sql`
      select
        count(*) filter (where run_at < now() - interval '1 minute')::int as waiting,
        extract(epoch from now() - min(run_at))::float8 as oldest,
        (select count(*)::int from jobs where done_at > now() - interval '1 hour' and last_error is not null) as failed
      from jobs
      where done_at is null and run_at <= now() and (locked_until is null or locked_until < now())
    `);
    const { waiting = 0, oldest = null, failed = 0 } = rows[0] ?? {};
    return {
      status: waiting > 0 || failed > 0 ? "degraded" : "ok",
      waitingOverAMinute: waiting,
      failedLastHour: failed,
      oldestDueSeconds: oldest === null ? null : Math.round(oldest),
    };
  } catch {
    return { status: "unknown" };
  }
}

export async function checkHealth(): Promise<HealthReport> {
  const startedAt = performance.now();
  const timedProbe = isDatabaseReachable().then((up) => ({
    up,
    latencyMs: Math.round((performance.now() - startedAt) * 10) / 10,
  }));
  const [{ up: isUp, latencyMs }, mail] = await Promise.all([timedProbe, reuse("mail", checkMail)]);
  const jobs: JobsHealth = isUp ? await reuse("jobs", checkJobs) : { status: "unknown" };

  const problems: string[] = [];
  if (!isUp) problems.push("database unreachable");
  if (mail.transport === "outbox" && mail.status === "unwritable")
    problems.push(`outbox not writable (${mail.error ?? "error"})`);
  if (jobs.status === "degraded") {
    if (jobs.waitingOverAMinute > 0) problems.push(`${jobs.waitingOverAMinute} job(s) due for over a minute`);
    if (jobs.failedLastHour > 0) problems.push(`${jobs.failedLastHour} job(s) failed in the last hour`);
  }
  const isUnavailable = !isUp || (mail.transport === "outbox" && mail.status === "unwritable");
  return {
    status: isUnavailable ? "unavailable" : jobs.status === "degraded" ? "degraded" : "ok",
    database: isUp ? "reachable" : "unreachable",
    ...(isUp ? { databaseLatencyMs: latencyMs } : {}),
    mail,
    jobs,
    problems,
  };
}
