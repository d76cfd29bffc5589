import { mkdir, statfs, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDb, isDatabaseReachable } from "~/platform/db/client.server";
import { isOutboxTransport, outboxDir } from "~/platform/email/mailer.server";
import { getEnv } from "~/utils/env.server";

// What GET /healthz answers (server/app.ts; README, "Health check"): the
// database (reached through the pool, with the round trip), where emails go
// (the outbox directory must take a file's worth of data; SMTP is named, not
// contacted) and whether sends are failing, the job queue, and the free space
// of DATA_DIR. 503 when the database is unreachable or the outbox cannot be
// written; failing sends, retrying or lagging jobs and a disk running low
// make the status "degraded".

export type MailHealth = (
  | { transport: "outbox"; status: "ok" | "unwritable" | "degraded"; error?: string }
  | { transport: "smtp"; status: "not checked" | "degraded" }
) & {
  /** Emails whose last attempt failed: waiting to be tried again, or given up on within the hour. */
  failingSends: number;
};

/** Below either, DATA_DIR's disk is "low": uploads, the outbox and the embedded database live there. */
export const DISK_LOW = { freeBytes: 1024 ** 3, freePercent: 5 } as const;

export type DiskHealth =
  | { status: "ok" | "low"; path: string; freeBytes: number; freePercent: number }
  | { status: "unknown"; path: string; error: string };

export type JobsHealth =
  | {
      status: "ok" | "degraded";
      /** Due for more than a minute and not claimed by any runner. */
      waitingOverAMinute: number;
      /** Given up on (dead letters) within the last hour. */
      failedLastHour: number;
      /** Failed and waiting for another attempt. */
      retrying: number;
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
  disk: DiskHealth;
  /** Why the status is not "ok". */
  problems: string[];
};

/** How long a queue or outbox check is reused: /healthz may be polled hundreds of times a second. */
const REUSE_MS = 2000;

type Cached<T> = { at: number; value: Promise<T> };
const cache: {
  mail?: Cached<OutboxProbe>;
  jobs?: Cached<JobsHealth>;
  sends?: Cached<number>;
  disk?: Cached<DiskHealth>;
} = {};

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
  delete cache.sends;
  delete cache.disk;
}

type OutboxProbe = { transport: "outbox"; writable: boolean; error?: string } | { transport: "smtp" };

/** An email's worth of data: an empty file can still be made on a full disk, a block cannot be written. */
const PROBE_BYTES = 4096;

/** The outbox directory takes a file with data in it (and lets it be removed); SMTP is not contacted. */
async function probeOutbox(): Promise<OutboxProbe> {
  if (!isOutboxTransport()) return { transport: "smtp" };
  const dir = outboxDir();
  const probe = path.join(dir, `.healthz-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, Buffer.alloc(PROBE_BYTES));
    return { transport: "outbox", writable: true };
  } catch (error) {
    return { transport: "outbox", writable: false, error: (error as NodeJS.ErrnoException).code ?? "error" };
  } finally {
    await unlink(probe).catch(() => undefined);
  }
}

/** Emails whose last attempt failed: retrying, or given up on within the last hour. */
async function countFailingSends(): Promise<number> {
  try {
    const { rows } = await getDb().execute<{ failing: number }>(sql`
      select count(*)::int as failing from jobs
      where name = 'email.send' and last_error is not null
        and (done_at is null or done_at > now() - interval '1 hour')
    `);
    return rows[0]?.failing ?? 0;
  } catch {
    return 0;
  }
}

/** Where emails go and whether they are going. */
function mailHealth(outbox: OutboxProbe, failingSends: number): MailHealth {
  if (outbox.transport === "smtp") {
    return { transport: "smtp", status: failingSends > 0 ? "degraded" : "not checked", failingSends };
  }
  if (!outbox.writable) return { transport: "outbox", status: "unwritable", error: outbox.error, failingSends };
  return { transport: "outbox", status: failingSends > 0 ? "degraded" : "ok", failingSends };
}

/** The mail part on its own: `failingSends` comes from the queue when the database answers. */
export async function checkMail(failingSends = 0): Promise<MailHealth> {
  return mailHealth(await probeOutbox(), failingSends);
}

/** What the file system says of a disk (statfs: blocks free to us, their size, blocks in all), judged. */
export function diskHealth(dir: string, stats: { bavail: number; bsize: number; blocks: number }): DiskHealth {
  const freeBytes = stats.bavail * stats.bsize;
  const freePercent = stats.blocks > 0 ? Math.round((stats.bavail / stats.blocks) * 1000) / 10 : 0;
  const isLow = freeBytes < DISK_LOW.freeBytes || freePercent < DISK_LOW.freePercent;
  return { status: isLow ? "low" : "ok", path: dir, freeBytes, freePercent };
}

/** The free space of the disk DATA_DIR is on. */
export async function checkDisk(dir = getEnv().DATA_DIR): Promise<DiskHealth> {
  try {
    return diskHealth(dir, await statfs(dir));
  } catch (error) {
    return { status: "unknown", path: dir, error: (error as NodeJS.ErrnoException).code ?? "error" };
  }
}

export async function checkJobs(): Promise<JobsHealth> {
  try {
    const { rows } = await getDb().execute<{
      waiting: number;
      oldest: number | null;
      failed: number;
      retrying: number;
    }>(sql`
      select
        count(*) filter (where run_at < now() - interval '1 minute')::int as waiting,
        extract(epoch from now() - min(run_at))::float8 as oldest,
        (select count(*)::int from jobs where done_at > now() - interval '1 hour' and last_error is not null) as failed,
        (select count(*)::int from jobs where done_at is null and last_error is not null) as retrying
      from jobs
      where done_at is null and run_at <= now() and (locked_until is null or locked_until < now())
    `);
    const { waiting = 0, oldest = null, failed = 0, retrying = 0 } = rows[0] ?? {};
    return {
      status: waiting > 0 || failed > 0 || retrying > 0 ? "degraded" : "ok",
      waitingOverAMinute: waiting,
      failedLastHour: failed,
      retrying,
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
  const [{ up: isUp, latencyMs }, disk] = await Promise.all([timedProbe, reuse("disk", () => checkDisk())]);
  const [jobs, failingSends]: [JobsHealth, number] = isUp
    ? await Promise.all([reuse("jobs", checkJobs), reuse("sends", countFailingSends)])
    : [{ status: "unknown" }, 0];
  const mail = mailHealth(await reuse("mail", probeOutbox), failingSends);

  const problems: string[] = [];
  if (!isUp) problems.push("database unreachable");
  if (mail.transport === "outbox" && mail.status === "unwritable")
    problems.push(`outbox not writable (${mail.error ?? "error"})`);
  if (mail.failingSends > 0) problems.push(`${mail.failingSends} email(s) failing to send`);
  if (jobs.status === "degraded") {
    if (jobs.waitingOverAMinute > 0) problems.push(`${jobs.waitingOverAMinute} job(s) due for over a minute`);
    if (jobs.failedLastHour > 0) problems.push(`${jobs.failedLastHour} job(s) failed in the last hour`);
    if (jobs.retrying > 0) problems.push(`${jobs.retrying} job(s) failed and waiting to be tried again`);
  }
  if (disk.status === "low") problems.push(`low disk space for ${disk.path} (${disk.freePercent}% free)`);
  const isUnavailable = !isUp || (mail.transport === "outbox" && mail.status === "unwritable");
  const isDegraded = jobs.status === "degraded" || mail.status === "degraded" || disk.status === "low";
  return {
    status: isUnavailable ? "unavailable" : isDegraded ? "degraded" : "ok",
    database: isUp ? "reachable" : "unreachable",
    ...(isUp ? { databaseLatencyMs: latencyMs } : {}),
    mail,
    jobs,
    disk,
    problems,
  };
}
