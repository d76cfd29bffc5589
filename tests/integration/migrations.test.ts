import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { MIGRATIONS_DIR, migrateDatabase } from "~/platform/db/migrate.server";
import { databaseUrl, quoteIdentifier, withClient } from "./database-server";
import { cloneTemplate, testDatabaseServer } from "./db";

const drops: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

/** A database with no migrations applied. */
async function emptyDatabase(): Promise<string> {
  const { adminUrl, namePrefix } = testDatabaseServer();
  const name = `${namePrefix}empty_${Math.random().toString(36).slice(2, 10)}`;
  await withClient(adminUrl, (client) => client.query(`create database ${quoteIdentifier(name)}`));
  drops.push(() =>
    withClient(adminUrl, async (client) => {
      await client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
    }),
  );
  return databaseUrl(adminUrl, name);
}

async function journalLength(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function appliedMigrations(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    return rows[0]!.n;
  });
}

describe("migrateDatabase", () => {
  test("applies every migration of the journal to an empty database", async () => {
    const url = await emptyDatabase();
    await migrateDatabase(url);
    expect(await appliedMigrations(url)).toBe(await journalLength());
    const { rows } = await withClient(url, (client) =>
      client.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public'",
      ),
    );
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        "user_profiles",
        "user_roles",
        "sessions",
        "accounts",
        "caregiver_profiles",
        "idempotency_keys",
      ]),
    );
  });

  test("is a no-op on an up-to-date database", async () => {
    const clone = await cloneTemplate();
    drops.push(clone.drop);
    const before = await appliedMigrations(clone.url);
    await migrateDatabase(clone.url);
    expect(await appliedMigrations(clone.url)).toBe(before);
  });

  test("two processes starting together apply each migration once", async () => {
    const url = await emptyDatabase();
    // Without the advisory lock both would run CREATE TYPE ... and one would fail.
    await Promise.all([migrateDatabase(url), migrateDatabase(url), migrateDatabase(url)]);
    expect(await appliedMigrations(url)).toBe(await journalLength());
  });
});
