import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";

// Helpers shared by the global setup and the integration tests: where
// throw-away PostgreSQL data directories live, and admin SQL on a server.

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/**
 * A parent for throw-away PostgreSQL data directories. As root, PostgreSQL runs
 * as the `postgres` user, which cannot enter a mode-700 mkdtemp directory under
 * /tmp: a world-traversable directory under /var/lib is used instead.
 */
export const SCRATCH_ROOT = isRoot ? "/var/lib/tendly-test" : path.join(os.tmpdir(), "tendly-test");

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/** A fresh directory for one throw-away cluster; the cluster goes in `<dir>/pg`. */
export async function createScratchDir(): Promise<string> {
  await mkdir(SCRATCH_ROOT, { recursive: true, mode: 0o755 });
  const dir = path.join(SCRATCH_ROOT, `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`);
  await mkdir(dir, { mode: 0o755 });
  return dir;
}

/** Removes scratch directories left by killed runs: a day old and no server running in them. */
export async function removeStaleScratchDirs() {
  const entries = await readdir(SCRATCH_ROOT).catch(() => [] as string[]);
  await Promise.all(
    entries.map(async (entry) => {
      const dir = path.join(SCRATCH_ROOT, entry);
      const info = await stat(dir).catch(() => undefined);
      if (!info?.isDirectory() || Date.now() - info.mtimeMs < ONE_DAY_MS) return;
      if (existsSync(path.join(dir, "pg", "postmaster.pid"))) return;
      await rm(dir, { recursive: true, force: true });
    }),
  );
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Runs statements on one short-lived connection. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The URL to run CREATE/DROP DATABASE from. TEST_DATABASE_URL may name a
 * database that does not exist yet on a fresh server (e.g. `/test`): then the
 * server's `postgres` maintenance database is used instead.
 */
export async function resolveAdminUrl(url: string): Promise<string> {
  try {
    await withClient(url, (client) => client.query("select 1"));
    return url;
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error;
    const fallback = databaseUrl(url, "postgres");
    await withClient(fallback, (client) => client.query("select 1"));
    return fallback;
  }
}
