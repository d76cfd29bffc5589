import { readFileSync } from "node:fs";
import path from "node:path";
import { installEventHandlers } from "~/event-handlers.server";
import { connectDatabase, getDb, type Database } from "~/platform/db/client.server";

// The end-to-end server's database, for test setup through the same factories
// and feature functions the integration tests use (its port and password are
// in its data directory).

/** What a server started on `dataDir` keeps there: its cookie secret and its embedded database's address. */
export function serverDataOf(dataDir: string): { authSecret: string; databaseUrl: string } {
  const port = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const { authSecret, postgresPassword } = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as {
    authSecret: string;
    postgresPassword: string;
  };
  return {
    authSecret,
    databaseUrl: `postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/tendly`,
  };
}

export function e2eDatabase(): Database {
  const dataDir = process.env.E2E_DATA_DIR!;
  process.env.DATA_DIR ??= dataDir;
  // The feature functions the tests call publish domain events, as the server's do.
  installEventHandlers();
  try {
    return getDb();
  } catch {
    return connectDatabase(serverDataOf(dataDir).databaseUrl, { max: 2 });
  }
}
