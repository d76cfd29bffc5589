import { installEventHandlers } from "~/event-handlers.server";
import { initAuth } from "~/platform/auth/auth.server";
import { EMBEDDED_DATABASE_NAME } from "~/platform/db/app-database.server";
import { connectDatabase, disconnectDatabase } from "~/platform/db/client.server";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from "~/platform/db/embedded.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { seedDemoData } from "~/platform/db/seed/seed.server";
import { ensureStarterModules } from "~/features/training/public.server";
import { scheduleBillingJobs } from "~/features/billing/billing.job";
import { scheduleNotificationJobs } from "~/features/notifications/notifications.job";
import { scheduleOrderJobs } from "~/features/orders/orders.job";
import { scheduleGeocodingJobs } from "~/features/geocoding/geocoding.job";
import { schedulePaymentJobs } from "~/features/payments/payments.job";
import { scheduleVisitJobs } from "~/features/visits/visits.job";
import { scheduleTrainingJobs } from "~/features/training/training.job";
import { scheduleCredentialJobs } from "~/features/credentials/credentials.job";
import { jobRegistry } from "~/platform/jobs/registry.server";
import { stopRealtimeHub } from "~/platform/realtime/hub.server";
import { startJobRunner, type JobRunner } from "~/platform/jobs/runner.server";
import { getEnv, type Env } from "~/utils/env.server";
import { applyLogLevel } from "~/utils/log-level.server";
import { loadEmbeddedPostgresPassword, loadLocalSecrets } from "~/utils/local-secrets.server";
import { assertWritableDirectory } from "./start-checks";

export type Booted = {
  env: Env;
  databaseUrl: string;
  embedded?: EmbeddedServer;
  seeded: boolean;
  /**
   * Stops what boot started, in order; a step that fails is logged in one line
   * and the next runs anyway. `now` (a second signal) waits for no running job
   * nor the pool, and stops the database.
   */
  shutdown: (options?: { now?: boolean }) => Promise<void>;
};

/**
 * What this process does of the boot (docs/decisions/0044-a-worker-per-core.md): `single` all of it;
 * `primary` (of several workers) what must happen once (the database, migrations, the demo seed) and
 * no serving; `worker` the serving (auth, the job runner) on the primary's database.
 */
export type BootRole = { role: "single" } | { role: "primary" } | { role: "worker"; databaseUrl: string };

/**
 * Everything that must happen before the first request: configuration,
 * the database (embedded or external), migrations, the demo seed and auth.
 * The default `log` looks console.log up at each call, so LOG_LEVEL holds for it too.
 */
export async function boot(
  log = (message: string) => console.log(message),
  as: BootRole = { role: "single" },
): Promise<Booted> {
  const env = getEnv();
  applyLogLevel(env.LOG_LEVEL);
  // Before any feature runs (a request, a job, a script): the features' domain event handlers.
  installEventHandlers();
  // Before the database starts: an unwritable DATA_DIR fails here, with nothing left running.
  if (as.role !== "worker") await assertWritableDirectory(env.DATA_DIR);
  const needsLocalSecrets = env.isEmbeddedDatabase || !env.AUTH_SECRET;
  const secrets = needsLocalSecrets ? await loadLocalSecrets(env.DATA_DIR) : undefined;

  let embedded: EmbeddedServer | undefined;
  let databaseUrl: string;
  if (as.role === "worker") {
    // The primary started the database, migrated and seeded it.
    databaseUrl = as.databaseUrl;
  } else if (env.DATABASE_URL) {
    databaseUrl = env.DATABASE_URL;
  } else {
    embedded = await startEmbeddedPostgres({
      dataDir: env.pgDataDir,
      password: await loadEmbeddedPostgresPassword(env.pgDataDir, env.DATA_DIR),
      log,
      // A postmaster that dies is started again (or the process exits), docs/decisions/0020-database-recovery.md.
      watch: { onExit: env.DATABASE_ON_EXIT },
    });
    await ensureDatabase(embedded.url("postgres"), EMBEDDED_DATABASE_NAME);
    databaseUrl = embedded.url(EMBEDDED_DATABASE_NAME);
  }

  if (as.role !== "worker") await migrateDatabase(databaseUrl);
  const db = connectDatabase(databaseUrl, { max: env.DATABASE_POOL_SIZE });
  let seeded = false;
  if (as.role !== "worker") {
    // Only into an empty database: one that holds real accounts never gets demo accounts.
    // Before the demo seed, whose approved caregivers have passed the required modules.
    await ensureStarterModules(db);
    seeded = env.demo.enabled ? await seedDemoData(db) : false;
  }
  // The primary serves nothing: its pool goes, and the workers do the rest.
  if (as.role === "primary") await disconnectDatabase();
  else initAuth(env.AUTH_SECRET ?? secrets!.authSecret);
  let jobRunner: JobRunner | undefined;
  if (env.JOB_POLL_INTERVAL_MS > 0 && as.role !== "primary") {
    await scheduleOrderJobs();
    await scheduleVisitJobs();
    await scheduleNotificationJobs();
    await schedulePaymentJobs();
    await scheduleBillingJobs();
    await scheduleGeocodingJobs();
    await scheduleTrainingJobs();
    await scheduleCredentialJobs();
    // LISTEN: a job queued by any process (an email, a reset request) starts
    // at once in whichever runner is free, not at the next poll
    // (docs/decisions/0012-job-queue.md).
    jobRunner = startJobRunner(db, jobRegistry, { intervalMs: env.JOB_POLL_INTERVAL_MS, listenUrl: databaseUrl });
  }

  return {
    env,
    databaseUrl,
    embedded,
    seeded,
    shutdown: async ({ now = false } = {}) => {
      const steps: [string, () => Promise<void> | undefined][] = [
        // Waits for the job running, if any (its lease would hand it to another runner otherwise).
        ["the job runner", () => jobRunner?.stop()],
        ["the realtime hub", () => stopRealtimeHub()],
        ["the database pool", () => disconnectDatabase()],
      ];
      for (const [name, step] of steps) {
        const done = Promise.resolve()
          .then(step)
          .catch((error: unknown) => logStopError(name, error));
        if (!now) await done;
      }
      await Promise.resolve()
        .then(() => embedded?.stop())
        .catch((error: unknown) => logStopError("the embedded PostgreSQL", error));
    },
  };
}

function logStopError(what: string, error: unknown) {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  console.error(`Stopping ${what} failed: ${code ? `${code} ` : ""}${message ?? String(error)}`);
}
