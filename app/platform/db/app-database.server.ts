import { existsSync } from "node:fs";
import path from "node:path";
import { ensureDatabase, startEmbeddedPostgres } from "./embedded.server";
import type { Env } from "~/utils/env.server";
import { loadEmbeddedPostgresPassword } from "~/utils/local-secrets.server";

/** The embedded cluster's database of the app (server/boot.ts and scripts/db-reset.ts use it too). */
export const EMBEDDED_DATABASE_NAME = "tendly";

/** The app's database cannot be found; the message says what to do. */
export class AppDatabaseError extends Error {
  override name = "AppDatabaseError";
}

export type AppDatabase = {
  url: string;
  /** Where the data is, for messages (never the password). */
  description: string;
  /** Stops the embedded server if this process started it. */
  close: () => Promise<void>;
};

/**
 * The app's database as server/boot.ts finds it: DATABASE_URL, or the
 * embedded cluster in PG_DATA_DIR, joined if a server runs from it and
 * started otherwise. With `create` false, a data directory with no cluster
 * (the app never started) is an error instead of a new empty cluster.
 */
export async function openAppDatabase(
  env: Env,
  options: { create: boolean; log?: (message: string) => void },
): Promise<AppDatabase> {
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL);
    return {
      url: env.DATABASE_URL,
      description: `${url.pathname.slice(1) || "the default database"} on ${url.host} (DATABASE_URL)`,
      close: async () => undefined,
    };
  }
  if (!options.create && !existsSync(path.join(env.pgDataDir, "PG_VERSION"))) {
    throw new AppDatabaseError(
      `There is no embedded database in ${env.pgDataDir} yet: start the app once first (npm start).`,
    );
  }
  const server = await startEmbeddedPostgres({
    dataDir: env.pgDataDir,
    password: await loadEmbeddedPostgresPassword(env.pgDataDir, env.DATA_DIR),
    log: options.log,
  });
  if (options.create) await ensureDatabase(server.url("postgres"), EMBEDDED_DATABASE_NAME);
  return {
    url: server.url(EMBEDDED_DATABASE_NAME),
    description: `the embedded database in ${env.pgDataDir}`,
    close: () => server.stop(),
  };
}
