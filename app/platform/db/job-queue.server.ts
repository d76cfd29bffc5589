import { sql } from "drizzle-orm";
import type { z } from "zod";
import { db, type Executor } from "./client.server";

// Job definitions and the typed way to queue them. The runner
// (app/platform/jobs/runner.server.ts) claims and runs what is queued here; the list of
// jobs it runs is app/platform/jobs/registry.server.ts. Below email, auth and the
// features, so that each of them can define and queue jobs without importing
// app/platform/jobs (docs/decisions/0012-job-queue.md).

/** The PostgreSQL channel a queued job is announced on; every runner LISTENs to it. */
export const JOBS_CHANNEL = "tendly_jobs";

/** What a producer needs: the job's name and the schema its payload must pass. */
export type JobType<Schema extends z.ZodType = z.ZodType> = {
  readonly name: string;
  readonly payload: Schema;
};

/** What the handler is told beside its payload. */
export type JobContext = {
  /** The row in `jobs`: stable across retries, so a handler can be idempotent on it. */
  jobId: number;
  /** When the job was first queued (with jobId, unique across databases that restart ids). */
  queuedAt: Date;
  key: string | null;
  /** 1 on the first run, 2 on the first retry... */
  attempt: number;
};

/** A handler may ask to run again (a periodic job): return the next run time. */
export type JobResult = { next?: Date } | void;

/** A job the runner can run: its type and its handler. */
export type JobDefinition<Schema extends z.ZodType = z.ZodType> = JobType<Schema> & {
  // A method (not a function property), so that a definition of any payload fits in a JobDefinition[].
  run(payload: z.output<Schema>, context: JobContext): Promise<JobResult>;
};

/**
 * Defines a job: a constant name, the zod schema of its payload and, usually,
 * its handler. Without `run` it is only a type to queue, for a producer that
 * sits below its handler (the handler's module imports the producer's): the
 * handler is attached with handleJob, in the feature's *.job.ts file.
 */
export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema>;
export function defineJob<Schema extends z.ZodType>(definition: JobType<Schema>): JobType<Schema>;
export function defineJob<Schema extends z.ZodType>(definition: JobType<Schema> | JobDefinition<Schema>) {
  return Object.freeze({ ...definition });
}

/** Attaches the handler to a job type declared elsewhere (see defineJob). */
export function handleJob<Schema extends z.ZodType>(
  type: JobType<Schema>,
  run: JobDefinition<Schema>["run"],
): JobDefinition<Schema> {
  return Object.freeze({ name: type.name, payload: type.payload, run });
}

/** Anything that can run SQL: the database or a transaction. */
export type QueueOptions = {
  /** The caller's transaction: the job is queued (and announced) only if it commits. */
  tx?: Executor;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** De-duplication: while a job with this key is pending, queueing another does nothing. */
  key?: string;
};

/**
 * Queues a job: checks the payload against the job's schema (throws on a bad
 * one), inserts it into `jobs` and announces it with NOTIFY on JOBS_CHANNEL,
 * which PostgreSQL delivers when the transaction commits (and never if it
 * rolls back) to every process's runner, so a job due now starts at once in
 * whichever process is free. Pass `tx` to queue it with the change that causes it.
 */
export async function queueJob<Schema extends z.ZodType>(
  type: JobType<Schema>,
  payload: z.input<Schema>,
  options: QueueOptions = {},
): Promise<void> {
  const parsed = type.payload.parse(payload) as unknown;
  const runAt = options.runAt ?? new Date();
  await (options.tx ?? db).execute(sql`
    with queued as (
      insert into jobs (name, key, payload, run_at)
      values (${type.name}, ${options.key ?? null}, ${JSON.stringify(parsed ?? {})}::jsonb, ${runAt.toISOString()}::timestamptz)
      on conflict do nothing
      returning name
    )
    select pg_notify(${JOBS_CHANNEL}, name) from queued
  `);
  if (!options.tx) announceQueuedJobs();
}

// In-process wake-up, beside NOTIFY: a runner subscribed with onJobQueued
// (tests, or a process whose LISTEN connection is down) hears of jobs queued
// in this process without a round trip through PostgreSQL.

type QueuedListener = () => void;
const holder = globalThis as typeof globalThis & { __tendlyJobQueued?: Set<QueuedListener> };

/** Calls `listener` after each job queued in this process without a transaction, and at each announceQueuedJobs. */
export function onJobQueued(listener: QueuedListener): () => void {
  holder.__tendlyJobQueued ??= new Set();
  holder.__tendlyJobQueued.add(listener);
  return () => {
    holder.__tendlyJobQueued?.delete(listener);
  };
}

/**
 * Tells this process's onJobQueued listeners that jobs are due. Optional
 * after committing a transaction that queued some: the NOTIFY already reached
 * every runner at the commit.
 */
export function announceQueuedJobs(): void {
  for (const listener of holder.__tendlyJobQueued ?? []) listener();
}
