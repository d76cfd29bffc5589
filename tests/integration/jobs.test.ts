import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { defineJob, queueJob } from "~/db/job-queue.server";
import { jobs } from "~/db/schema";
import { jobDefinitions } from "~/jobs/registry.server";
import { claimDueJobs, DEFAULT_LEASE_SECONDS, listFailedJobs, runDueJobs, startJobRunner } from "~/jobs/runner.server";
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
    const countJob = defineJob({
      name: "test.count",
      payload: z.object({ n: z.number().int() }),
      run: async ({ n }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        runs.push(n);
      },
    });
    await testDb.db.insert(jobs).values(Array.from({ length: 30 }, (_, n) => ({ name: "test.count", payload: { n } })));
    await testDb.db
      .insert(jobs)
      .values({ name: "test.count", payload: { n: 99 }, runAt: new Date(Date.now() + 3_600_000) });
    const ran = await Promise.all([1, 2, 3, 4].map(() => runDueJobs(testDb.db, [countJob])));
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
    const runner = startJobRunner(testDb.db, [ping], { intervalMs: 60_000, listenUrl: testDb.url });
    try {
      // Past the runner's first look (after at most a second), the next poll is a minute away.
      await new Promise((resolve) => setTimeout(resolve, 1500));
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
    // A runner claims it and dies before running it: nothing renews the lease.
    const [claimed] = await claimDueJobs(testDb.db, ["test.orphan"], 10, 1);
    expect(claimed?.name).toBe("test.orphan");
    expect(await runDueJobs(testDb.db, [orphan], { leaseSeconds: 1 })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await runDueJobs(testDb.db, [orphan], { leaseSeconds: 1 })).toBe(1);
    expect(ran).toHaveLength(1);
  });

  test("a job that runs longer than its lease keeps it: no other runner starts it meanwhile", async () => {
    let starts = 0;
    const slow = defineJob({
      name: "test.slow",
      payload: z.object({}),
      run: async () => {
        starts += 1;
        await new Promise((resolve) => setTimeout(resolve, 3500));
      },
    });
    await queueJob(slow, {});
    const first = runDueJobs(testDb.db, [slow], { leaseSeconds: 1.5 });
    // Look again and again past the first lease (1.5 s): the renewals keep the job out of reach.
    const deadline = Date.now() + 3000;
    let others = 0;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      others += await runDueJobs(testDb.db, [slow], { leaseSeconds: 1.5 });
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
