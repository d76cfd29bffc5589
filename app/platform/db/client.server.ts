import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { createPool } from "./pool.server";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** An open transaction: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Where a query runs: the pool, or a transaction a caller opened (work done inside it commits with it). */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

type Connection = { pool: pg.Pool; db: Database; url: string };

// One pool per process. Kept on globalThis so that the dev server's module
// reloads reuse it instead of leaking connections.
const holder = globalThis as typeof globalThis & { __tendlyDb?: Connection };

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  if (holder.__tendlyDb) {
    if (holder.__tendlyDb.url === url) return holder.__tendlyDb.db;
    throw new Error("The database is already connected to another URL; call disconnectDatabase() first.");
  }
  const pool = createPool(url, options.max ?? 10);
  const db = drizzle(pool, { schema, casing: "snake_case" }) as Database;
  holder.__tendlyDb = { pool, db, url };
  return db;
}

export async function disconnectDatabase() {
  const connection = holder.__tendlyDb;
  holder.__tendlyDb = undefined;
  await connection?.pool.end();
}

/** The URL the pool connects to (a LISTEN connection of its own uses it). */
export function getDatabaseUrl(): string {
  if (!holder.__tendlyDb) throw new Error("The database is not connected yet (connectDatabase was not called).");
  return holder.__tendlyDb.url;
}

export function getDb(): Database {
  if (!holder.__tendlyDb) throw new Error("The database is not connected yet (connectDatabase was not called).");
  return holder.__tendlyDb.db;
}

/** The connected database; methods are looked up at call time. */
export const db: Database = new Proxy({} as Database, {
  get: (_target, property) => {
    const target = getDb();
    const value = Reflect.get(target, property, target) as unknown;
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
});

export async function isDatabaseReachable(timeoutMs = 2000): Promise<boolean> {
  const connection = holder.__tendlyDb;
  if (!connection) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
    });
    await Promise.race([connection.pool.query("select 1"), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
