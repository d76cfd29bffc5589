import { createHash } from "node:crypto";
import pg from "pg";

// The process's PostgreSQL pool, made safe against connections that break
// while a client is checked out (docs/architecture.md, "4. Data").

/** The pool's events this module listens to (pg.Pool has them; tests give a stand-in). */
type PoolEvents = {
  on(event: "connect" | "acquire", listener: (client: pg.PoolClient) => void): unknown;
};

function isBegin(query: unknown): boolean {
  const text = typeof query === "string" ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === "string" && /^\s*begin\b/i.test(text);
}

/**
 * drizzle-orm's transaction() (0.45) sends BEGIN before the try/finally that
 * releases its client, so a BEGIN that fails (the connection broke just after
 * checkout) keeps that client checked out for good: the pool loses a slot and
 * its end() never returns (drizzle-team/drizzle-orm#6241, open). Here a
 * checkout whose first query is a BEGIN that fails is released, with its
 * error so that the pool drops the connection. Other failures are released by
 * whoever checked the client out, as before.
 */
export function releaseWhenBeginFails(pool: PoolEvents): void {
  const firstQueryPending = new WeakSet<pg.PoolClient>();
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (!firstQueryPending.delete(client) || !isBegin(args[0]) || !(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    }) as typeof client.query;
  });
  pool.on("acquire", (client) => firstQueryPending.add(client));
}

/** How many statements one connection keeps prepared; a statement beyond them is sent unnamed, as before. */
export const PREPARED_PER_CONNECTION = 200;

/** The name a statement is prepared under: made from its text, so one text has one name on every connection. */
export const statementName = (text: string) => `t${createHash("sha1").update(text).digest("base64url")}`;

/**
 * Every statement sent with its text as a query object (drizzle-orm's way, better-auth's through it) gets a name
 * made from that text, so that each connection parses and plans it once and then only binds and runs it
 * (docs/decisions/0058-statements-prepared-once-per-connection.md). A name already carried, a query given as a
 * plain string (pool.query("select 1")) and anything past PREPARED_PER_CONNECTION distinct texts on the
 * connection are sent as they are.
 */
export function prepareStatements(pool: PoolEvents): void {
  pool.on("connect", (client) => {
    const names = new Map<string, string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const { text, name } = (typeof config === "object" && config !== null ? config : {}) as {
        text?: unknown;
        name?: unknown;
      };
      if (typeof text !== "string" || name !== undefined) return query(config, ...rest);
      let prepared = names.get(text);
      if (prepared === undefined) {
        if (names.size >= PREPARED_PER_CONNECTION) return query(config, ...rest);
        prepared = statementName(text);
        names.set(text, prepared);
      }
      return query({ ...(config as object), name: prepared }, ...rest);
    }) as typeof client.query;
  });
}

/**
 * How the pool keeps its connections (docs/decisions/0018-password-hashing-lane.md):
 * every connection it opens stays open (`min` = `max`, so no idle one is
 * closed), because a new one costs a SCRAM login whose hashing queues on
 * libuv's thread pool behind whatever else runs there. A wait for a free
 * connection, or for a new one, gives up after 10 s.
 */
export function poolOptions(url: string, max: number): pg.PoolConfig {
  return { connectionString: url, max, min: max, idleTimeoutMillis: 0, connectionTimeoutMillis: 10_000 };
}

export function createPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool(poolOptions(url, max));
  pool.on("error", (error: Error & { code?: string }) => {
    // 57P01: the server ended an idle connection as it shut down (as the
    // embedded one does on Ctrl-C); the pool drops it and connects anew when needed.
    if (error.code === "57P01") console.debug("PostgreSQL closed an idle connection:", error.message);
    else console.error("PostgreSQL pool error:", error.message);
  });
  pool.on("connect", (client) => {
    // A checked-out client whose connection breaks (the server restarted, the
    // database was dropped) also emits "error", which the pool listens for only
    // while the client is idle; unheard, it would end the process. The query in
    // flight already rejects with the same error, and the pool discards the
    // broken client when it is released.
    client.on("error", (error: Error) => console.debug("PostgreSQL connection lost while in use:", error.message));
  });
  prepareStatements(pool);
  releaseWhenBeginFails(pool);
  return pool;
}
