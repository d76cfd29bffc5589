import { sql } from "drizzle-orm";
import { listenToChannel } from "~/platform/db/listen.server";
import type { Database } from "~/platform/db/client.server";
import { JOBS_CHANNEL, type JobDefinition } from "~/platform/db/job-queue.server";

// A small job queue in PostgreSQL (docs/decisions/0006 and 0012). Every
// server process runs this loop: it claims due jobs with FOR UPDATE SKIP
// LOCKED (so several processes never run the same job at once), checks the
// payload against the job's schema, runs its handler, and marks it done, or
// retries later with a growing delay. A claimed job is leased for
// `leaseSeconds` (30 s), and the lease is renewed every third of that while
// the handler runs: a long job keeps it, and if its process dies another
// runner picks the job up within about a lease and a poll.
// A runner LISTENs on JOBS_CHANNEL, so a job queued by any process starts at
// once; the poll is the safety net (and what picks up jobs due later).

export type JobRecord = {
  id: number;
  name: string;
  key: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
};

/** The jobs a runner runs, by name (see jobsByName). */
export type JobSet = ReadonlyMap<string, JobDefinition>;

export const MAX_ATTEMPTS = 8;
export const DEFAULT_LEASE_SECONDS = 30;
const BATCH = 10;

/** Indexes definitions by name; two definitions of one name are a mistake. */
export function jobsByName(definitions: readonly JobDefinition[]): JobSet {
  const byName = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`Two job definitions are named ${definition.name}.`);
    byName.set(definition.name, definition);
  }
  return byName;
}

function asJobSet(jobs: readonly JobDefinition[] | JobSet): JobSet {
  return jobs instanceof Map ? jobs : jobsByName(jobs as readonly JobDefinition[]);
}

export type RunOptions = {
  /** How long a claimed job stays out of other runners' reach unless renewed (default 30 s). */
  leaseSeconds?: number;
};

export async function claimDueJobs(
  db: Database,
  names: string[],
  limit = BATCH,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Promise<JobRecord[]> {
  if (names.length === 0) return [];
  // RETURNING gives the rows in no particular order: the batch is sorted again, so that jobs run in
  // the order they were due and queued (two notifications of one person, the second refreshing the first).
  const { rows } = await db.execute<JobRecord>(sql`
    with claimed as (
      update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where id in (
        select id from jobs
        where done_at is null and run_at <= now() and (locked_until is null or locked_until < now())
          and name = any(${sql.param(names)}::text[])
        order by run_at, id
        limit ${limit}::int
        for update skip locked
      )
      returning id, name, key, payload, attempts, created_at, run_at
    )
    select id, name, key, payload, attempts, created_at from claimed order by run_at, id
  `);
  return rows;
}

/**
 * Renews a running job's lease every third of `leaseSeconds` until stopped. A
 * renewal that fails (the database is away for a moment) is tried again at the
 * next beat; the job's own queries would fail the same way meanwhile.
 */
function keepLease(db: Database, jobId: number, leaseSeconds: number): () => void {
  const timer = setInterval(
    () => {
      db.execute(
        sql`
        update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds})
        where id = ${jobId} and done_at is null
      `,
      ).catch((error: unknown) =>
        console.debug(`Job #${jobId}: could not renew its lease:`, error instanceof Error ? error.message : error),
      );
    },
    (leaseSeconds * 1000) / 3,
  );
  return () => clearInterval(timer);
}

export async function runJob(
  db: Database,
  job: JobRecord,
  definition: JobDefinition,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Promise<"done" | "retry" | "failed"> {
  const parsed = definition.payload.safeParse(job.payload);
  if (!parsed.success) {
    // A payload its schema refuses will not pass on a retry either: a dead letter at once.
    const message = `Invalid payload: ${parsed.error.message}`;
    await db.execute(sql`
      update jobs set locked_until = null, last_error = ${message.slice(0, 2000)}, done_at = now() where id = ${job.id}
    `);
    console.error(`Job ${job.name} #${job.id} failed:`, message);
    return "failed";
  }
  const stopLease = keepLease(db, job.id, leaseSeconds);
  try {
    const result = await definition
      .run(parsed.data, {
        jobId: job.id,
        queuedAt: new Date(job.created_at),
        key: job.key,
        attempt: job.attempts,
      })
      .finally(stopLease);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update jobs set done_at = now(), locked_until = null, last_error = null where id = ${job.id}`,
      );
      if (result?.next) {
        await tx.execute(sql`
          insert into jobs (name, key, payload, run_at)
          values (${job.name}, ${job.key}, ${JSON.stringify(job.payload)}::jsonb, ${result.next.toISOString()}::timestamptz)
          on conflict do nothing
        `);
      }
    });
    return "done";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = job.attempts >= MAX_ATTEMPTS;
    // 1, 4, 9, 16... minutes between attempts.
    await db.execute(sql`
      update jobs set locked_until = null, last_error = ${message.slice(0, 2000)},
        run_at = now() + make_interval(mins => ${job.attempts * job.attempts}),
        done_at = ${giveUp ? sql`now()` : sql`null`}
      where id = ${job.id}
    `);
    console.error(`Job ${job.name} #${job.id} failed (attempt ${job.attempts}):`, message);
    return giveUp ? "failed" : "retry";
  }
}

/** Claims and runs every due job once; returns how many ran. */
export async function runDueJobs(
  db: Database,
  jobs: readonly JobDefinition[] | JobSet,
  options: RunOptions = {},
): Promise<number> {
  const set = asJobSet(jobs);
  const names = [...set.keys()];
  let ran = 0;
  for (;;) {
    const claimed = await claimDueJobs(db, names, BATCH, options.leaseSeconds);
    for (const job of claimed) {
      await runJob(db, job, set.get(job.name)!, options.leaseSeconds);
      ran += 1;
    }
    if (claimed.length < BATCH) return ran;
  }
}

/** Jobs given up on (dead letters): done, with the error of their last attempt. Newest first. */
export async function listFailedJobs(db: Database, limit = 50) {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    key: string | null;
    attempts: number;
    last_error: string;
    done_at: Date;
  }>(sql`
    select id, name, key, attempts, last_error, done_at from jobs
    where done_at is not null and last_error is not null
    order by done_at desc limit ${limit}::int
  `);
  return rows;
}

export type JobRunner = {
  stop: () => Promise<void>;
  /** Runs the due jobs now rather than at the next poll (after the current run, if one is going). */
  wake: () => void;
};

export type JobRunnerOptions = RunOptions & {
  /** The poll: how often to look for due jobs without being woken. */
  intervalMs: number;
  /**
   * A PostgreSQL URL to LISTEN on for queued jobs (a connection of its own,
   * outside the pool): a job queued by any process wakes this runner at once.
   */
  listenUrl?: string;
};

/** Keeps a LISTEN connection open (app/platform/db/listen.server.ts) and calls `onNotify` for each job queued. */
function listenForJobs(url: string, onNotify: () => void): { close: () => Promise<void> } {
  return listenToChannel(url, JOBS_CHANNEL, {
    onNotify: () => onNotify(),
    // Jobs queued while the connection was down would otherwise wait for the poll.
    onListening: onNotify,
    onLost: (error) => {
      console.error("Job runner: the LISTEN connection failed, polling until it is back:", error.message);
      onNotify();
    },
  });
}

/** Polls for due jobs every `intervalMs` (and when woken, by LISTEN or wake()) until stopped. */
export function startJobRunner(
  db: Database,
  jobs: readonly JobDefinition[] | JobSet,
  options: JobRunnerOptions | number,
): JobRunner {
  const { intervalMs, listenUrl, ...runOptions } = typeof options === "number" ? { intervalMs: options } : options;
  const set = asJobSet(jobs);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let isRunning = false;
  let isWoken = false;
  const tick = () => {
    timer = undefined;
    isRunning = true;
    isWoken = false;
    running = runDueJobs(db, set, runOptions)
      .catch((error: unknown) => console.error("Job runner:", error instanceof Error ? error.message : error))
      .finally(() => {
        isRunning = false;
        if (!stopped) timer = setTimeout(tick, isWoken ? 0 : intervalMs);
      });
  };
  const wake = () => {
    if (stopped) return;
    if (isRunning) {
      // The job may have been queued after this run's claim: look again when it ends.
      isWoken = true;
      return;
    }
    clearTimeout(timer);
    // A macrotask later, so that the request that queued the job goes on first.
    timer = setTimeout(tick, 0);
  };
  timer = setTimeout(tick, Math.min(intervalMs, 1000));
  const listener = listenUrl ? listenForJobs(listenUrl, wake) : undefined;
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await listener?.close();
      await running;
    },
    wake,
  };
}
