import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { connectDatabase, disconnectDatabase, isDatabaseReachable } from "~/db/client.server";
import { createPool } from "~/db/pool.server";
import { startServer } from "../../server/app";
import { cloneTemplate, createTestDatabase, type TestDatabase } from "./db";
import { createDataDir, randomSecret, useTestEnv } from "./env";

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("isDatabaseReachable", () => {
  afterEach(async () => {
    await disconnectDatabase();
  });

  test("is true for a live database and false once disconnected", async () => {
    const testDb = await createTestDatabase();
    try {
      expect(await isDatabaseReachable()).toBe(true);
      await disconnectDatabase();
      expect(await isDatabaseReachable()).toBe(false);
    } finally {
      await testDb.drop();
    }
  });

  test("a connection that breaks while checked out fails its query without ending the process", async () => {
    await using testDb = await createTestDatabase();
    const held = await testDb.db.$client.connect();
    const { rows } = await held.query<{ pid: number }>("select pg_backend_pid() as pid");
    await testDb.db.$client.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    await expect(held.query("select 1")).rejects.toThrow(/terminat|Connection/i);
    held.release(true);
    // An unheard "error" event of the broken client would have surfaced as an
    // uncaught exception and failed this run; the pool goes on with new connections.
    expect(await isDatabaseReachable()).toBe(true);
  });

  test("a transaction whose connection breaks before BEGIN gives its connection back to the pool", async () => {
    const clone = await cloneTemplate();
    const pool = createPool(clone.url, 1);
    const db = drizzle(pool);
    let breakNext = true;
    pool.on("acquire", (client) => {
      // The connection dies between checkout and BEGIN, as when the server goes away.
      if (breakNext) (client as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
      breakNext = false;
    });
    try {
      await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow(/Failed query: begin/);
      // With one connection, a leaked one would leave nothing for the next transaction (5 s connect timeout).
      const { rows } = await db.transaction(async (tx) => tx.execute(sql`select 1 as one`));
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
      await clone.drop();
    }
  });

  test("is false when nothing listens at the database address", async () => {
    connectDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/tendly`);
    expect(await isDatabaseReachable()).toBe(false);
  });

  test("is false within its timeout when the server never answers", async () => {
    // Accepts TCP connections and then says nothing, like a hung server.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      connectDatabase(`postgres://postgres@127.0.0.1:${port}/tendly`);
      const startedAt = performance.now();
      expect(await isDatabaseReachable(300)).toBe(false);
      expect(performance.now() - startedAt).toBeLessThan(2000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

// The real HTTP host of server/app.ts, booted in-process against a test
// database. /healthz is answered before React Router, so no production build
// is needed for it (other paths would load the build and are left to the
// end-to-end tests).
describe("GET /healthz on the running server", () => {
  let clone: Awaited<ReturnType<typeof cloneTemplate>>;
  let running: Awaited<ReturnType<typeof startServer>>;
  let baseUrl: string;
  let removeDataDir: () => Promise<void>;

  beforeAll(async () => {
    clone = await cloneTemplate();
    const dataDir = await createDataDir();
    removeDataDir = dataDir.remove;
    await disconnectDatabase();
    const env = useTestEnv({
      NODE_ENV: "production",
      DATABASE_URL: clone.url,
      AUTH_SECRET: randomSecret(),
      DATA_DIR: dataDir.dir,
      HOST: "127.0.0.1",
      PORT: String(await closedPort()),
    });
    running = await startServer({ quiet: true });
    baseUrl = env.appUrl;
  });

  afterAll(async () => {
    await running?.stop();
    await clone?.drop();
    await removeDataDir?.();
  });

  test("answers 200 while the database is reachable", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "reachable" });
  });

  test("answers 503 once the database is gone, without crashing the server", async () => {
    // Dropping the database (terminating the server's connections) is what
    // the app sees when its database goes away.
    await clone.drop();
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", database: "unreachable" });
    const again = await fetch(`${baseUrl}/healthz`);
    expect(again.status).toBe(503);
  });
});

// Keeps the test database helper honest too: a clone is independent of the
// template and of other clones.
describe("createTestDatabase", () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    first = await createTestDatabase();
    await first.db.$client.query("create table scratch (id int)");
    await first.drop();
    second = await createTestDatabase();
  });

  afterAll(async () => {
    await second?.drop();
  });

  test("gives every test a fresh copy of the migrated template", async () => {
    expect(second.name).not.toBe(first.name);
    const { rows } = await second.db.$client.query("select to_regclass('scratch') as scratch");
    expect(rows[0]).toEqual({ scratch: null });
  });

  test("drop() removes the database", async () => {
    const { rows } = await second.db.$client.query("select count(*)::int as n from pg_database where datname = $1", [
      first.name,
    ]);
    expect(rows[0]).toEqual({ n: 0 });
  });
});
