import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs } from "~/db/schema";
import { runDueJobs, type JobHandler } from "~/jobs/runner.server";
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
    const handler: JobHandler = async (payload) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      runs.push(Number(payload.n));
    };
    await testDb.db.insert(jobs).values(Array.from({ length: 30 }, (_, n) => ({ name: "test.count", payload: { n } })));
    await testDb.db
      .insert(jobs)
      .values({ name: "test.count", payload: { n: 99 }, runAt: new Date(Date.now() + 3_600_000) });
    const ran = await Promise.all([1, 2, 3, 4].map(() => runDueJobs(testDb.db, { "test.count": handler })));
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
    await runDueJobs(testDb.db, {
      "test.fail": async () => {
        throw new Error("SMTP is down");
      },
      "test.daily": async () => ({ next }),
    });
    const [failed] = await testDb.db.select().from(jobs).where(eq(jobs.name, "test.fail"));
    expect(failed).toMatchObject({ attempts: 1, lastError: "SMTP is down", doneAt: null });
    expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now());
    const daily = await testDb.db.select().from(jobs).where(eq(jobs.name, "test.daily")).orderBy(jobs.id);
    expect(daily).toHaveLength(2);
    expect(daily[0]?.doneAt).not.toBeNull();
    expect(daily[1]).toMatchObject({ doneAt: null, key: "daily" });
    expect(daily[1]?.runAt.getTime()).toBe(next.getTime());
  });
});
