import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { connectDatabase, disconnectDatabase, getDb, type Database } from "~/platform/db/client.server";
import { databaseUrl, quoteIdentifier, withClient } from "./database-server";

export type TestDatabase = {
  name: string;
  url: string;
  /** The process-wide connection (app/platform/db/client.server.ts), now pointing at this database. */
  db: Database;
  /** Disconnects (if still connected here) and drops the database. */
  drop: () => Promise<void>;
  [Symbol.asyncDispose]: () => Promise<void>;
};

export function testDatabaseServer() {
  return inject("testDatabaseServer");
}

/** Creates an empty database cloned from the migrated template (tens of milliseconds). */
export async function cloneTemplate(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const { adminUrl, templateName, namePrefix } = testDatabaseServer();
  const name = `${namePrefix}${randomBytes(5).toString("hex")}`;
  await withClient(adminUrl, (client) =>
    client.query(`create database ${quoteIdentifier(name)} template ${quoteIdentifier(templateName)}`),
  );
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withClient(adminUrl, async (client) => {
        await client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
      }),
  };
}

/**
 * A fresh, migrated, empty database, connected as the process-wide database so
 * that app code using `db` / `getDb()` works against it. Any previous
 * connection of this process is closed first (one connection per process).
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const clone = await cloneTemplate();
  await disconnectDatabase();
  const db = connectDatabase(clone.url, { max: options.poolSize ?? 4 });
  const drop = async () => {
    let isCurrent = false;
    try {
      isCurrent = getDb() === db;
    } catch {
      // Not connected any more.
    }
    if (isCurrent) await disconnectDatabase();
    await clone.drop();
  };
  return { ...clone, db, drop, [Symbol.asyncDispose]: drop };
}
