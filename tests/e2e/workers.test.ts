import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { freePort } from "../support/free-ports";
import { serverDataOf } from "./e2e-database";
import { extraDataDir } from "./extra-server";
import { expect, test } from "./fixtures";
import {
  cleanUp,
  descendantsOf,
  exitWithin,
  holdPort,
  HOST,
  isAlive,
  launchStart,
  type Launched,
  postmastersOf,
  waitForOutput,
  waitUntilUp,
} from "./server-processes";
import { TIMEOUTS } from "./timeouts";

// `npm start` with two workers (docs/decisions/0044-a-worker-per-core.md), seen from outside: both
// serve the port, recurring jobs are scheduled once, SIGUSR2 replaces them one at a time under a steady
// stream of requests without losing one, a killed worker is replaced, and SIGTERM stops the workers and
// the database and frees the port. Which process serves a connection is read from /proc (no response
// says which process answered).

/** The workers: the Node processes below the primary (the postmaster and its children are not). */
function workersOf(primary: number): number[] {
  return descendantsOf(primary).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("scripts/start.js");
    } catch {
      return false;
    }
  });
}

/** Of the connections to `port` from `clientPorts`, how many `pid` holds the server's end of. */
function connectionsServedBy(pid: number, port: number, clientPorts: Set<number>): number {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // Closed meanwhile.
    }
  }
  const local = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  return readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(
      (fields) =>
        fields[1]?.endsWith(local) &&
        fields[3] === "01" &&
        clientPorts.has(parseInt(fields[2]!.split(":")[1]!, 16)) &&
        inodes.has(fields[9]!),
    ).length;
}

/** The status of a GET through `agent`, which keeps its connection open afterwards, and that connection's port. */
function statusOf(baseURL: string, pathname: string, agent: http.Agent) {
  return new Promise<{ status?: number; clientPort?: number }>((resolve, reject) => {
    http
      .get(new URL(pathname, baseURL), { agent }, (response) => {
        const clientPort = response.socket.localPort;
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode, clientPort }));
      })
      .on("error", reject);
  });
}

type Tally = Record<string, number>;

/** `loops` clients each sending `pathname` one request after another until `until` resolves. */
function steadyRequests(baseURL: string, pathname: string, loops: number, until: Promise<unknown>, tally: Tally) {
  const state = { isDone: false };
  void until.finally(() => (state.isDone = true));
  const loop = async () => {
    while (!state.isDone) {
      const outcome = await fetch(new URL(pathname, baseURL)).then(
        async (response) => {
          await response.arrayBuffer();
          return String(response.status);
        },
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
      tally[outcome] = (tally[outcome] ?? 0) + 1;
    }
  };
  return Promise.all(Array.from({ length: loops }, loop));
}

async function pendingJobsByKey(dataDir: string): Promise<Record<string, number>> {
  const pool = new pg.Pool({ connectionString: serverDataOf(dataDir).databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ key: string; count: number }>(
      "select key, count(*)::int as count from jobs where key is not null and done_at is null group by key",
    );
    return Object.fromEntries(rows.map((row) => [row.key, row.count]));
  } finally {
    await pool.end();
  }
}

test.describe.serial("npm start with two workers", () => {
  test.describe.configure({ timeout: TIMEOUTS.ownServers * 1.5 });
  let data: ReturnType<typeof extraDataDir>;
  test.beforeAll(() => {
    data = extraDataDir();
  });
  test.afterAll(() => data?.remove());

  test("both serve; a restart loses no request; a killed one is replaced; SIGTERM stops everything", async () => {
    const pgDataDir = path.join(data.dir, "pg");
    const port = await freePort();
    const baseURL = `http://${HOST}:${port}`;
    let server: Launched | undefined;
    try {
      server = launchStart(port, data.dir, { WEB_CONCURRENCY: "2" });
      await waitUntilUp(server, baseURL, 180_000);
      // The banner's lines are written one at a time; "Mailbox:" is its last (server/banner.ts).
      await waitForOutput(server, "Mailbox:", 30_000);
      const primary = server.child.pid!;
      const first = workersOf(primary);
      expect(first).toHaveLength(2);
      expect(server.output()).toContain(`Workers: 2 (pids ${first.join(", ")})`);
      // The banner and the seed once, from the primary.
      expect(server.output().match(/Tendly is running at/g)).toHaveLength(1);
      expect(postmastersOf(pgDataDir), "one PostgreSQL, the primary's").toHaveLength(1);

      // Both answer: 8 connections opened at once and kept alive are handed out round-robin, some to each.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const answers = await Promise.all(Array.from({ length: 8 }, () => statusOf(baseURL, "/healthz", agent)));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
      const clientPorts = new Set(answers.map((answer) => answer.clientPort!));
      expect(clientPorts.size).toBe(8);
      const served = first.map((pid) => connectionsServedBy(pid, port, clientPorts));
      expect(served.reduce((sum, count) => sum + count)).toBe(8);
      expect(
        served.every((count) => count > 0),
        `connections per worker: ${served.join(", ")}`,
      ).toBe(true);
      agent.destroy();

      // Every worker schedules the recurring jobs at its start: one pending job per key all the same.
      const pending = await pendingJobsByKey(data.dir);
      expect(pending["visits-late-sweep"]).toBe(1);
      expect(Object.values(pending).every((count) => count === 1)).toBe(true);

      // SIGUSR2 under a steady stream of page loads: none fails, and both workers are new after it.
      const restarted = waitForOutput(server, "Restarted 2 of 2 workers", 180_000);
      const tally: Tally = {};
      const stream = steadyRequests(baseURL, "/", 4, restarted, tally);
      await expect.poll(() => Object.values(tally).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(3);
      server.child.kill("SIGUSR2");
      await restarted;
      await stream;
      expect(Object.keys(tally), JSON.stringify(tally)).toEqual(["200"]);
      expect(tally["200"]).toBeGreaterThan(10);
      const second = workersOf(primary);
      expect(second).toHaveLength(2);
      expect(second.filter((pid) => first.includes(pid))).toEqual([]);
      expect(first.filter(isAlive)).toEqual([]);

      // A worker killed outright is replaced.
      process.kill(second[0]!, "SIGKILL");
      await waitForOutput(server, "serves in its place", 120_000);
      const third = workersOf(primary);
      expect(third).toHaveLength(2);
      expect(third).toContain(second[1]);
      expect(third).not.toContain(second[0]);
      expect((await fetch(new URL("/healthz", baseURL))).status).toBe(200);

      // SIGTERM: the workers drain, then the database stops; one "Tendly stopped.", exit 0, the port is free.
      const postmasters = postmastersOf(pgDataDir);
      server.child.kill("SIGTERM");
      const exit = await exitWithin(server, 60_000);
      expect(exit, server.output()).toBeDefined();
      expect(exit!.code).toBe(0);
      expect(server.output().match(/Tendly stopped\./g)).toHaveLength(1);
      expect(third.filter(isAlive)).toEqual([]);
      expect(postmasters.filter(isAlive)).toEqual([]);
      expect(postmastersOf(pgDataDir)).toEqual([]);
      const holder = await holdPort(port);
      await new Promise((resolve) => holder.close(resolve));
    } finally {
      await cleanUp(server, pgDataDir);
    }
  });
});
