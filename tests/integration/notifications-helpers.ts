import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { initAuth } from "~/platform/auth/auth.server";
import { getDb, type Database } from "~/platform/db/client.server";
import { jobs, notifications, userProfiles } from "~/platform/db/schema";
import { deliverNotificationHandler } from "~/features/notifications/notifications.job";
import { storeNotification, type NewNotification } from "~/features/notifications/notifications.server";
import type { Locale } from "~/i18n/config";
import { jobsByName, runDueJobs } from "~/platform/jobs/runner.server";
import { createTestDatabase, type TestDatabase } from "./db";
import { createDataDir, randomSecret, useTestEnv } from "./env";

// For the notifications tests: no job runner polls in integration tests, so a
// test runs the queued notification jobs (as the runner would) before it reads
// what each person was sent.

const handlers = jobsByName([deliverNotificationHandler]);

/** Runs the due notification jobs until none is left; returns how many ran. */
export async function deliverQueuedNotifications(): Promise<number> {
  let total = 0;
  for (;;) {
    const ran = await runDueJobs(getDb(), handlers);
    if (ran === 0) return total;
    total += ran;
  }
}

/** A person's stored notifications (oldest first), once every queued one is delivered. */
export async function notificationsOf(userId: string) {
  await deliverQueuedNotifications();
  return getDb()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt));
}

/** Notification jobs still queued for a person (not run yet). */
export async function queuedNotificationJobs(userId: string) {
  return getDb()
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, "notifications.deliver"), sql`${jobs.payload}->>'userId' = ${userId}`));
}

export async function setLocale(userId: string, locale: Locale) {
  await getDb().update(userProfiles).set({ locale }).where(eq(userProfiles.id, userId));
}

/**
 * The notifications tests' set-up, registered in the calling describe block: a
 * fresh database, a data directory and auth (emails carry a signed unsubscribe
 * link). The returned object's `db` is the database of the running test file.
 */
export function useNotificationsDatabase(poolSize: number): { readonly db: TestDatabase["db"] } {
  let testDb: TestDatabase | undefined;
  let removeDataDir: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const dataDir = await createDataDir();
    removeDataDir = dataDir.remove;
    useTestEnv({ DATA_DIR: dataDir.dir });
    testDb = await createTestDatabase({ poolSize });
    initAuth(randomSecret());
  });
  afterAll(async () => {
    await testDb?.drop();
    await removeDataDir?.();
  });
  return {
    get db() {
      if (!testDb) throw new Error("The notifications database is not ready (use it inside a test).");
      return testDb.db;
    },
  };
}

/** Stores a notification as the notification job would (defaults for what the test leaves out). */
export function createNotificationForTest(db: Database, input: Partial<NewNotification> & { userId: string }) {
  return storeNotification(
    db,
    {
      type: "order",
      subtype: "order_confirmed",
      title: "Title",
      message: "Message",
      ...input,
    },
    "en",
  );
}
