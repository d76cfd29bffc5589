import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { defineJob, JOBS_CHANNEL, queueJob } from "~/platform/db/job-queue.server";
import { jobs } from "~/platform/db/schema";
import { jobDefinitions } from "~/platform/jobs/registry.server";
import {
  claimDueJobs,
  DEFAULT_LEASE_SECONDS,
  listFailedJobs,
  runDueJobs,
  startJobRunner,
} from "~/platform/jobs/runner.server";
import { createTestDatabase, type TestDatabase } from "./db";

describe("the job runner", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase({ poolSize: 8 });
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  test("several runners at once run each due job exactly once, and leave future jobs alone", async () => {
    const runs: number[] = [];
    // Each runner gets its own definition of the job (one name, one handler per
    // runner), so that a run knows its runner. No job finishes before two
    // runners are running one at the same moment: the runners really overlap,
    // and the first to claim cannot run through every job before the others
    // claim theirs (with 30 jobs in batches of 10, the others always find some).
    const busyRunners = new Set<number>();
    let overlap!: () => void;
    const overlapping = new Promise<void>((resolve) => (overlap = resolve));
    const countJob = (runner: number) =>
      defineJob({
        name: "test.count",
        payload: z.object({ n: z.number().int() }),
        run: async ({ n }) => {
          busyRunners.add(runner);
          if (busyRunners.size >= 2) overlap();
          await overlapping;
          runs.push(n);
        },
      });
    await testDb.db.insert(jobs).values(Array.from({ length: 30 }, (_, n) => ({ name: "test.count", payload: { n } })));
    await testDb.db
      .insert(jobs)
      .values({ name: "test.count", payload: { n: 99 }, runAt: new Date(Date.now() + 3_600_000) });
    const ran = await Promise.all([1, 2, 3, 4].map((runner) => runDueJobs(testDb.db, [countJob(runner)])));
    expect(busyRunners.size).toBeGreaterThanOrEqual(2);
    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(30);
    expect(runs.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    const pending = await testDb.db.select().from(jobs).where(eq(jobs.name, "test.count"));
    expect(pending.filter((job) => job.doneAt === null).map((job) => job.payload)).toEqual([{ n: 99 }]);
  });

  test("a failing job keeps its error and is retried later; a periodic job schedules its next run", async () => {
    await testDb.db.insert(jobs).values([
      { name: "test.fail", key: "fail" },
      { name: "test.daily", key: "daily" },
    ]);
    const next = new Date(Date.now() + 86_400_000);
    await runDueJobs(testDb.db, [
      defineJob({
        name: "test.fail",
        payload: z.object({}),
        run: async () => {
          throw new Error("SMTP is down");
        },
      }),
      defineJob({ name: "test.daily", payload: z.object({}), run: async () => ({ next }) }),
    ]);
    const [failed] = await testDb.db.select().from(jobs).where(eq(jobs.name, "test.fail"));
    expect(failed).toMatchObject({ attempts: 1, lastError: "SMTP is down", doneAt: null });
    expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now());
    const daily = await testDb.db.select().from(jobs).where(eq(jobs.name, "test.daily")).orderBy(jobs.id);
    expect(daily).toHaveLength(2);
    expect(daily[0]?.doneAt).not.toBeNull();
    expect(daily[1]).toMatchObject({ doneAt: null, key: "daily" });
    expect(daily[1]?.runAt.getTime()).toBe(next.getTime());
  });
  test("queueJob checks the payload with the job's schema; a stored payload it refuses is a dead letter at once", async () => {
    const seen: string[] = [];
    const greet = defineJob({
      name: "test.greet",
      payload: z.object({ to: z.string().email() }),
      run: async ({ to }) => {
        seen.push(to);
      },
    });
    await expect(queueJob(greet, { to: "not an address" })).rejects.toThrow(/email/i);
    // @ts-expect-error: the payload's type comes from the schema.
    await expect(queueJob(greet, { recipient: "a@example.test" })).rejects.toThrow(/expected string/);
    await queueJob(greet, { to: "a@example.test" });
    // A row written by hand (or by an older version) that the schema refuses:
    await testDb.db.insert(jobs).values({ name: "test.greet", payload: { to: 42 } });
    await runDueJobs(testDb.db, [greet]);
    expect(seen).toEqual(["a@example.test"]);
    const [dead] = (await listFailedJobs(testDb.db)).filter((job) => job.name === "test.greet");
    expect(dead).toMatchObject({ attempts: 1 });
    expect(dead!.last_error).toMatch(/^Invalid payload/);
  });

  test("a job queued in a transaction exists only if it commits", async () => {
    const noop = defineJob({ name: "test.tx", payload: z.object({ n: z.number() }), run: async () => {} });
    await testDb.db
      .transaction(async (tx) => {
        await queueJob(noop, { n: 1 }, { tx });
        throw new Error("rolled back");
      })
      .catch(() => {});
    await testDb.db.transaction(async (tx) => {
      await queueJob(noop, { n: 2 }, { tx });
    });
    const rows = await testDb.db.select().from(jobs).where(eq(jobs.name, "test.tx"));
    expect(rows.map((row) => row.payload)).toEqual([{ n: 2 }]);
  });

  test("LISTEN: a job committed on another connection wakes an idle runner at once, not at its next poll", async () => {
    const ranAt: number[] = [];
    const ping = defineJob({
      name: "test.ping",
      payload: z.object({}),
      run: async () => {
        ranAt.push(Date.now());
      },
    });
    let warmedUp = false;
    const warmUp = defineJob({
      name: "test.warm-up",
      payload: z.object({}),
      run: async () => {
        warmedUp = true;
      },
    });
    const runner = startJobRunner(testDb.db, [ping, warmUp], { intervalMs: 60_000, listenUrl: testDb.url });
    try {
      // The ping must find the runner idle and listening, its next poll a minute
      // away, so that only the NOTIFY can start it in time. Besides the poll, a
      // runner looks once at start and once when its LISTEN is set up
      // (onListening). So: wait until the server has run the LISTEN (its
      // connection is idle after it), then queue a first job the same way and
      // wait until it is done: its NOTIFY came after the LISTEN's answer on that
      // connection, so by then the runner has had its look after LISTEN, and the
      // look at start (at most a second in, or replaced by that one) is behind it.
      await vi.waitFor(
        async () => {
          const { rows } = await testDb.db.execute<{ n: number }>(sql`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state = 'idle' and query = ${`listen ${JOBS_CHANNEL}`}
          `);
          expect(rows[0]?.n, "the runner's LISTEN connection").toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      await testDb.db.transaction(async (tx) => {
        await queueJob(warmUp, {}, { tx });
      });
      await vi.waitFor(
        async () => {
          const [row] = await testDb.db.select().from(jobs).where(eq(jobs.name, "test.warm-up"));
          expect(row?.doneAt, "the first job done").toBeInstanceOf(Date);
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(warmedUp).toBe(true);
      expect(ranAt).toEqual([]);
      // Queued by "another process": a separate transaction, and no in-process announcement.
      const queuedAt = Date.now();
      await testDb.db.transaction(async (tx) => {
        await queueJob(ping, {}, { tx });
      });
      await expect.poll(() => ranAt.length, { timeout: 5000 }).toBe(1);
      expect(ranAt[0]! - queuedAt).toBeLessThan(2000);
    } finally {
      await runner.stop();
    }
  });

  test("a claimed job whose runner died runs again once its short lease has run out", async () => {
    expect(DEFAULT_LEASE_SECONDS).toBeLessThanOrEqual(60);
    const ran: number[] = [];
    const orphan = defineJob({
      name: "test.orphan",
      payload: z.object({}),
      run: async () => {
        ran.push(Date.now());
      },
    });
    await queueJob(orphan, {});
    // A runner claims it (with the default lease) and dies before running it: nothing renews the lease.
    const [claimed] = await claimDueJobs(testDb.db, ["test.orphan"]);
    expect(claimed?.name).toBe("test.orphan");
    const lease = async () => {
      const { rows } = await testDb.db.execute<{ seconds_left: number }>(sql`
        select extract(epoch from locked_until - now())::float8 as seconds_left from jobs where id = ${claimed!.id}
      `);
      return rows[0]!.seconds_left;
    };
    expect(await lease()).toBeGreaterThan(0);
    expect(await lease()).toBeLessThanOrEqual(DEFAULT_LEASE_SECONDS);
    expect(await runDueJobs(testDb.db, [orphan])).toBe(0);
    // Whether a lease has run out is the database's call (locked_until < now()
    // in claimDueJobs), so rather than wait DEFAULT_LEASE_SECONDS the lease is
    // moved one whole lease back: it now ended at the moment of the claim.
    await testDb.db.execute(sql`
      update jobs set locked_until = locked_until - make_interval(secs => ${DEFAULT_LEASE_SECONDS}) where id = ${claimed!.id}
    `);
    expect(await lease()).toBeLessThan(0);
    expect(await runDueJobs(testDb.db, [orphan])).toBe(1);
    expect(ran).toHaveLength(1);
    const [row] = await testDb.db.select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(row).toMatchObject({ attempts: 2, lockedUntil: null });
    expect(row?.doneAt).toBeInstanceOf(Date);
  });

  test("a job that runs longer than its lease keeps it: no other runner starts it meanwhile", async () => {
    // The renewals run on a real timer (a third of the lease) and expiry is the
    // database clock's call, so this one takes real time: a lease short enough
    // to pass quickly, long enough that a loaded machine still renews it in time.
    const leaseSeconds = 1.5;
    let starts = 0;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const slow = defineJob({
      name: "test.slow",
      payload: z.object({}),
      run: async () => {
        starts += 1;
        started();
        // Runs until the test has seen what it needs.
        await finished;
      },
    });
    await queueJob(slow, {});
    const first = runDueJobs(testDb.db, [slow], { leaseSeconds });
    let others = 0;
    try {
      await running;
      const [claimed] = await testDb.db.select().from(jobs).where(eq(jobs.name, "test.slow"));
      const firstLeaseEnd = claimed!.lockedUntil!.toISOString();
      // Other runners look again and again until the database clock is a whole
      // lease past the end of the first lease: by then only renewals made after
      // the first lease would have run out keep the job out of their reach.
      // The clock is read before each look, so the last look is past that point.
      await vi.waitFor(
        async () => {
          const { rows } = await testDb.db.execute<{ is_past: boolean }>(sql`
            select now() > ${firstLeaseEnd}::timestamptz + make_interval(secs => ${leaseSeconds}) as is_past
          `);
          others += await runDueJobs(testDb.db, [slow], { leaseSeconds });
          expect(rows[0]?.is_past, "the database clock past the first lease and one more").toBe(true);
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      finish();
    }
    expect(await first).toBe(1);
    expect(others).toBe(0);
    expect(starts).toBe(1);
    const [row] = await testDb.db.select().from(jobs).where(eq(jobs.name, "test.slow"));
    expect(row?.doneAt).not.toBeNull();
  });

  test("the registry names every job once", () => {
    const names = jobDefinitions.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(["email.send", "password-reset.request", "orders.offer-expiry", "orders.visit-horizon"]),
    );
  });
});
