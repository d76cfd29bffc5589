import { readFileSync } from "node:fs";
import path from "node:path";
import { connectDatabase, getDb, type Database } from "~/db/client.server";

// The end-to-end server's database, for test setup through the same factories
// and feature functions the integration tests use (its port and password are
// in its data directory).

export function e2eDatabase(): Database {
  const dataDir = process.env.E2E_DATA_DIR!;
  process.env.DATA_DIR ??= dataDir;
  const port = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const { postgresPassword } = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as {
    postgresPassword: string;
  };
  try {
    return getDb();
  } catch {
    return connectDatabase(`postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/tendly`, {
      max: 2,
    });
  }
}
