import { rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { connectDatabase, disconnectDatabase, isDatabaseReachable } from "~/platform/db/client.server";
import { createPool } from "~/platform/db/pool.server";
import { checkDisk, checkMail, diskHealth, forgetHealthChecks, type HealthReport } from "../../server/health";
import { startServer } from "../../server/app";
import { withClient } from "./database-server";
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
  let dataDir: string;

  beforeAll(async () => {
    clone = await cloneTemplate();
    const data = await createDataDir();
    dataDir = data.dir;
    removeDataDir = data.remove;
    await disconnectDatabase();
    const env = useTestEnv({
      NODE_ENV: "production",
      DATABASE_URL: clone.url,
      AUTH_SECRET: randomSecret(),
      DATA_DIR: dataDir,
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

  test("answers 200 while the database is reachable, with the outbox and the job queue", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const report = (await response.json()) as HealthReport;
    expect(report).toEqual({
      status: "ok",
      database: "reachable",
      databaseLatencyMs: expect.any(Number),
      mail: { transport: "outbox", status: "ok", failingSends: 0 },
      jobs: {
        status: "ok",
        waitingOverAMinute: 0,
        failedLastHour: 0,
        retrying: 0,
        // The boot has just queued its recurring jobs; the runner takes them in a moment.
        oldestDueSeconds: expect.toSatisfy((age: number | null) => age === null || age < 60),
      },
      disk: {
        status: "ok",
        path: dataDir,
        freeBytes: expect.toSatisfy((bytes: number) => bytes >= 1024 ** 3),
        freePercent: expect.any(Number),
      },
      problems: [],
    });
    expect(report.databaseLatencyMs).toBeGreaterThan(0);
    expect(report.databaseLatencyMs).toBeLessThan(2000);
  });

  test("a job due for minutes that no runner takes, or one given up on, makes it degraded (still 200)", async () => {
    // No runner knows this job's name, so it stays due, as when every runner is stuck.
    await withClient(clone.url, (client) =>
      client.query("insert into jobs (name, run_at) values ('health.stuck', now() - interval '5 minutes')"),
    );
    forgetHealthChecks();
    let response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    let report = (await response.json()) as HealthReport;
    expect(report).toMatchObject({
      status: "degraded",
      database: "reachable",
      jobs: { status: "degraded", waitingOverAMinute: 1, failedLastHour: 0 },
      problems: ["1 job(s) due for over a minute"],
    });
    expect(report.jobs).toHaveProperty(
      "oldestDueSeconds",
      expect.toSatisfy((age: number) => age >= 300),
    );

    await withClient(clone.url, (client) =>
      client.query(`
        update jobs set done_at = now(), last_error = 'gave up' where name = 'health.stuck'
      `),
    );
    forgetHealthChecks();
    response = await fetch(`${baseUrl}/healthz`);
    report = (await response.json()) as HealthReport;
    expect(response.status).toBe(200);
    expect(report).toMatchObject({
      status: "degraded",
      jobs: { status: "degraded", waitingOverAMinute: 0, failedLastHour: 1 },
      problems: ["1 job(s) failed in the last hour"],
    });

    await withClient(clone.url, (client) => client.query("delete from jobs where name = 'health.stuck'"));
    forgetHealthChecks();
    expect(((await (await fetch(`${baseUrl}/healthz`)).json()) as HealthReport).status).toBe("ok");
  });

  test("an email that failed and waits to be tried again makes mail and jobs degraded (still 200)", async () => {
    // As on a full disk: the send failed with ENOSPC and the runner will try again in a minute.
    await withClient(clone.url, (client) =>
      client.query(`
        insert into jobs (name, run_at, attempts, last_error)
        values ('email.send', now() + interval '1 minute', 1, 'ENOSPC: no space left on device')
      `),
    );
    forgetHealthChecks();
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "degraded",
      mail: { transport: "outbox", status: "degraded", failingSends: 1 },
      jobs: { status: "degraded", retrying: 1, failedLastHour: 0 },
      problems: ["1 email(s) failing to send", "1 job(s) failed and waiting to be tried again"],
    });
    // Sent at last: the runner clears the error.
    await withClient(clone.url, (client) =>
      client.query("update jobs set done_at = now(), last_error = null where name = 'email.send'"),
    );
    forgetHealthChecks();
    expect(((await (await fetch(`${baseUrl}/healthz`)).json()) as HealthReport).status).toBe("ok");
  });

  test("answers 503 with the reason while the outbox cannot be written", async () => {
    // A file where the outbox directory should be: not writable even for root.
    const outbox = path.join(dataDir, "outbox");
    await rm(outbox, { recursive: true, force: true });
    await writeFile(outbox, "not a directory");
    try {
      forgetHealthChecks();
      const response = await fetch(`${baseUrl}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        status: "unavailable",
        database: "reachable",
        mail: { transport: "outbox", status: "unwritable", error: expect.stringMatching(/^E[A-Z]+$/) },
        problems: [expect.stringMatching(/^outbox not writable \(E[A-Z]+\)$/)],
      });
    } finally {
      await rm(outbox, { force: true });
    }
    forgetHealthChecks();
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
  });

  test("answers 503 once the database is gone, without crashing the server", async () => {
    // Dropping the database (terminating the server's connections) is what
    // the app sees when its database goes away.
    await clone.drop();
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: "unavailable",
      database: "unreachable",
      problems: ["database unreachable"],
    });
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

describe("the disk part of the health check", () => {
  test("low below 1 GiB or 5% free, whichever comes first", () => {
    const gib = 1024 ** 3;
    const block = 4096;
    const blocksOf = (bytes: number) => bytes / block;
    expect(diskHealth("/data", { bsize: block, bavail: blocksOf(50 * gib), blocks: blocksOf(100 * gib) })).toEqual({
      status: "ok",
      path: "/data",
      freeBytes: 50 * gib,
      freePercent: 50,
    });
    // Plenty of bytes on a huge disk, but under 5% of it.
    expect(
      diskHealth("/data", { bsize: block, bavail: blocksOf(40 * gib), blocks: blocksOf(1000 * gib) }),
    ).toMatchObject({ status: "low", freePercent: 4 });
    // A small disk: 10% free, but under 1 GiB.
    expect(diskHealth("/data", { bsize: block, bavail: blocksOf(gib / 2), blocks: blocksOf(5 * gib) })).toMatchObject({
      status: "low",
      freePercent: 10,
    });
  });

  test("a directory that cannot be read is unknown, with its error code", async () => {
    expect(await checkDisk("/no/such/dir/here")).toEqual({
      status: "unknown",
      path: "/no/such/dir/here",
      error: "ENOENT",
    });
  });
});

describe("the mail part of the health check", () => {
  test("names SMTP without contacting it", async () => {
    // Nothing listens there: a check that connected would fail or hang.
    useTestEnv({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      expect(await checkMail()).toEqual({ transport: "smtp", status: "not checked", failingSends: 0 });
      expect(await checkMail(2)).toEqual({ transport: "smtp", status: "degraded", failingSends: 2 });
    } finally {
      useTestEnv();
    }
  });
});
