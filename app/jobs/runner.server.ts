import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { jobs } from "~/db/schema";

// A small job queue in PostgreSQL. Every server process runs this loop: it
// claims due jobs with FOR UPDATE SKIP LOCKED (so several processes never run
// the same job), runs their handler, and marks them done, or retries later
// with a growing delay. A claimed job is leased for LEASE_SECONDS: if its
// process dies, another one picks it up after that.

export type JobRecord = {
  id: number;
  name: string;
  key: string | null;
  payload: Record<string, unknown>;
  attempts: number;
};

/** A handler may ask to run again (a periodic job): return the next run time. */
export type JobHandler = (payload: Record<string, unknown>, job: JobRecord) => Promise<{ next?: Date } | void>;

export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 300;
const BATCH = 10;

export async function claimDueJobs(db: Database, names: string[], limit = BATCH): Promise<JobRecord[]> {
  if (names.length === 0) return [];
  const { rows } = await db.execute<JobRecord>(sql`
    update jobs set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
    where id in (
      select id from jobs
      where done_at is null and run_at <= now() and (locked_until is null or locked_until < now())
        and name = any(${sql.param(names)}::text[])
      order by run_at
      limit ${limit}::int
      for update skip locked
    )
    returning id, name, key, payload, attempts
  `);
  return rows;
}

export async function runJob(db: Database, job: JobRecord, handler: JobHandler): Promise<"done" | "retry" | "failed"> {
  try {
    const result = await handler(job.payload, job);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update jobs set done_at = now(), locked_until = null, last_error = null where id = ${job.id}`,
      );
      if (result?.next) {
        await tx
          .insert(jobs)
          .values({ name: job.name, key: job.key, payload: job.payload, runAt: result.next })
          .onConflictDoNothing();
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
export async function runDueJobs(db: Database, handlers: Record<string, JobHandler>): Promise<number> {
  let ran = 0;
  for (;;) {
    const claimed = await claimDueJobs(db, Object.keys(handlers));
    for (const job of claimed) {
      await runJob(db, job, handlers[job.name]!);
      ran += 1;
    }
    if (claimed.length < BATCH) return ran;
  }
}

export type JobRunner = { stop: () => Promise<void> };

/** Polls for due jobs every `intervalMs` until stopped. */
export function startJobRunner(db: Database, handlers: Record<string, JobHandler>, intervalMs: number): JobRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runDueJobs(db, handlers)
      .catch((error: unknown) => console.error("Job runner:", error instanceof Error ? error.message : error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, Math.min(intervalMs, 1000));
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
