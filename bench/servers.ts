// The two PostgreSQL servers the database benchmarks run on (bench/matching.ts, bench/analytics.ts): a
// throw-away embedded PostgreSQL, and the machine's own (BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) when reachable. Each gets a migrated database `name` of its
// own, dropped afterwards; `run` receives its URL and the server's label.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { createScratchDir } from "../tests/integration/database-server";

export const EXTERNAL_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function onEmbedded<T>(name: string, run: (url: string, label: string) => Promise<T>): Promise<T> {
  // A directory the embedded server's user can enter, also when run as root.
  const dir = await createScratchDir();
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dir, "pg"),
    password: randomBytes(12).toString("hex"),
  });
  try {
    const admin = new pg.Client({ connectionString: server.url("postgres") });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = server.url(name);
    await migrateDatabase(url);
    return await run(url, "embedded PostgreSQL 18");
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function onExternal<T>(name: string, run: (url: string, label: string) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: EXTERNAL_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`machine PostgreSQL: not reachable at ${EXTERNAL_URL}, skipped`);
    return null;
  }
  const version = (
    await admin.query<{ v: string }>("select split_part(current_setting('server_version'), ' ', 1) as v")
  ).rows[0]?.v;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(EXTERNAL_URL);
    url.pathname = `/${name}`;
    await migrateDatabase(url.toString());
    return await run(url.toString(), `machine PostgreSQL ${version ?? ""}`.trim());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
