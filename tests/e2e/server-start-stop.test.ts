import { existsSync, writeFileSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { freePort } from "../support/free-ports";
import { DEMO_EMAILS, expect, test } from "./fixtures";
import { extraDataDir } from "./extra-server";
import {
  cleanUp,
  descendantsOf,
  exitWithin,
  holdPort,
  HOST,
  isAlive,
  launch,
  launchStart,
  type Launched,
  postmastersOf,
  waitForOutput,
  waitUntilUp,
} from "./server-processes";
import { sessionCookieOn } from "./sessions";
import { TIMEOUTS } from "./timeouts";

// How the production server starts and stops (docs/decisions/0017-start-and-stop.md),
// seen from outside: real processes started as `node scripts/start.js` and
// `npm start`, each with its own port and data directory (an embedded
// PostgreSQL), the way a person or a supervisor starts them.

type Load = { status?: number; isComplete?: boolean; headersAt?: number; error?: string };

function getPage(baseURL: string, pathname: string, agent: http.Agent, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<Load>((resolve) => {
    const request = http.get(new URL(pathname, baseURL), { agent, headers }, (response) => {
      const headersAt = Date.now();
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode, isComplete: response.complete, headersAt }));
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/** The status of a form POST to `pathname` naming `host` in its Host header (fetch cannot set Host). */
function postWithHost(baseURL: string, pathname: string, host: string, headers: http.OutgoingHttpHeaders) {
  return new Promise<number | undefined>((resolve, reject) => {
    const request = http.request(
      new URL(pathname, baseURL),
      {
        method: "POST",
        agent: false,
        headers: { ...headers, host, "content-type": "application/x-www-form-urlencoded" },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on("error", reject);
    request.end("email=someone%40example.test");
  });
}

/** Opens the user's event stream; resolves "ended" when the server ends it, or the error. */
async function openEventStream(baseURL: string, cookie: string): Promise<{ closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL("/api/events", baseURL),
      { headers: { cookie, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`/api/events answered ${response.statusCode}`));
        const closed = new Promise<string>((done) => {
          response.on("end", () => done("ended"));
          response.on("error", (error: NodeJS.ErrnoException) => done(`error ${error.code ?? error.message}`));
        });
        response.resume();
        resolve({ closed });
      },
    );
    request.on("error", reject);
  });
}

/**
 * How a fresh connection fares: "answered <status>", "refused" when the server no longer takes
 * connections, "reset" when it took the connection and dropped it unanswered.
 */
function tryConnection(baseURL: string): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get(new URL("/healthz", baseURL), { agent: false }, (response) => {
      response.resume();
      resolve(`answered ${response.statusCode}`);
    });
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === "ECONNREFUSED"
          ? "refused"
          : error.code === "ECONNRESET" || error.code === "EPIPE"
            ? "reset"
            : (error.code ?? "error"),
      ),
    );
  });
}

test.describe.serial("starting and stopping the production server", () => {
  // Each test starts a server (an embedded PostgreSQL, and the first one a new cluster with its seed).
  test.describe.configure({ timeout: TIMEOUTS.ownServers });
  let data: ReturnType<typeof extraDataDir>;
  let pgDataDir = "";
  test.beforeAll(() => {
    data = extraDataDir();
    pgDataDir = path.join(data.dir, "pg");
  });
  test.afterAll(() => data?.remove());

  test("a taken port stops the start at once, with its reason, before the database starts", async () => {
    const port = await freePort();
    const holder = await holdPort(port);
    let server: Launched | undefined;
    try {
      const startedAt = Date.now();
      server = launchStart(port, data.dir);
      const exit = await exitWithin(server, 180_000);
      expect(exit, server.output()).toBeDefined();
      expect(exit!.code).toBe(1);
      // Loading the server's modules is most of it on a busy machine: no database start, no migration.
      // (start.js first rebuilds when someone changed a source since the suite's build.)
      if (!server.output().includes("Building Tendly")) expect(exit!.at - startedAt).toBeLessThan(45_000);
      expect(server.output()).toContain(`Port ${port} on ${HOST} is already in use`);
      expect(server.output()).toContain("set PORT to a free port");
      expect(server.output()).not.toContain("is running at");
      expect(server.output()).not.toMatch(/^\s+at /m);
      expect(existsSync(pgDataDir), "no cluster was created").toBe(false);
      expect(postmastersOf(pgDataDir)).toEqual([]);
    } finally {
      await cleanUp(server, pgDataDir);
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  test("a port taken while the server boots: it exits non-zero and stops the PostgreSQL it started", async () => {
    const port = await freePort();
    let holder: net.Server | undefined;
    let server: Launched | undefined;
    try {
      server = launchStart(port, data.dir);
      // Past the port check: the cluster is being created (this test's data directory is new).
      await waitForOutput(server, "Creating the embedded PostgreSQL cluster", 90_000);
      holder = await holdPort(port);
      const exit = await exitWithin(server, 180_000);
      expect(exit, server.output()).toBeDefined();
      expect(exit!.code).toBe(1);
      expect(server.output()).toContain(`Port ${port} on ${HOST} is already in use`);
      expect(server.output()).not.toContain("is running at");
      expect(postmastersOf(pgDataDir)).toEqual([]);
      expect(existsSync(path.join(pgDataDir, "postmaster.pid"))).toBe(false);
    } finally {
      await cleanUp(server, pgDataDir);
      await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
    }
  });

  test("a DATA_DIR it cannot write to stops the start with its reason, before the database starts", async () => {
    // As root, mode bits do not stop a write: a path below a regular file does.
    const file = path.join(data.dir, "a-file");
    writeFileSync(file, "not a directory\n");
    const dataDir = path.join(file, "data");
    const otherPg = path.join(data.dir, "unwritable-pg");
    let server: Launched | undefined;
    try {
      server = launch(process.execPath, ["scripts/start.js"], {
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        PG_DATA_DIR: otherPg,
      });
      const exit = await exitWithin(server, 180_000);
      expect(exit, server.output()).toBeDefined();
      expect(exit!.code).toBe(1);
      expect(server.output()).toContain(`DATA_DIR ${dataDir} is not a writable directory`);
      expect(server.output()).toContain("set DATA_DIR to a directory it can write to");
      expect(server.output()).not.toMatch(/^\s+at /m);
      expect(existsSync(otherPg), "no cluster was created").toBe(false);
      expect(postmastersOf(otherPg)).toEqual([]);
    } finally {
      await cleanUp(server, otherPg);
    }
  });

  test("SIGTERM lets the requests in flight finish, closes event streams, refuses new connections and exits 0", async () => {
    const port = await freePort();
    const baseURL = `http://${HOST}:${port}`;
    const limitMs = 30_000;
    const count = 24;
    let server: Launched | undefined;
    const agent = new http.Agent({ keepAlive: true, maxSockets: count });
    try {
      server = launchStart(port, data.dir, { SHUTDOWN_TIMEOUT_MS: String(limitMs) });
      await waitUntilUp(server, baseURL, 180_000);
      const postmasters = postmastersOf(pgDataDir);
      expect(postmasters, "this server started its own PostgreSQL").toHaveLength(1);

      const stream = await openEventStream(baseURL, await sessionCookieOn(data.dir, DEMO_EMAILS.client));
      // The connections are open and served once, so every page load below is a request the server has taken.
      const warm = await Promise.all(Array.from({ length: count }, () => getPage(baseURL, "/healthz", agent)));
      expect(warm.map((load) => load.status)).toEqual(Array.from({ length: count }, () => 200));
      // Bad requests anyone can send are answered 400 and logged as one line each, without a stack.
      expect((await getPage(baseURL, "/%C0%AE%C0%AE/", agent)).status).toBe(400);
      // Our Origin (APP_URL's) sent to another Host: React Router's own Origin check refuses the action.
      expect(await postWithHost(baseURL, "/forgot-password", "other.test", { origin: baseURL })).toBe(400);
      // The caregiver search: a server-rendered page with database reads, a few tens of ms each.
      const loads = Array.from({ length: count }, () => getPage(baseURL, "/caregivers", agent));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const signalAt = Date.now();
      server.child.kill("SIGTERM");

      await waitForOutput(server, "Stopping Tendly ...", 10_000);
      // For a moment it still takes connections (the listen queue is emptied) and answers them; then it
      // refuses them. None is ever taken and dropped.
      const tries: string[] = [];
      await expect
        .poll(async () => {
          tries.push(await tryConnection(baseURL));
          return tries.at(-1);
        })
        .toBe("refused");
      expect(tries.filter((outcome) => outcome !== "answered 200" && outcome !== "refused")).toEqual([]);
      const results = await Promise.all(loads);
      expect(results.filter((load) => load.error)).toEqual([]);
      expect(results.map((load) => load.status)).toEqual(Array.from({ length: count }, () => 200));
      expect(results.every((load) => load.isComplete)).toBe(true);
      // The signal came while they ran: most answers started after it.
      expect(results.filter((load) => load.headersAt! > signalAt).length).toBeGreaterThanOrEqual(20);
      expect(await stream.closed).toBe("ended");

      const exit = await exitWithin(server, limitMs + 30_000);
      expect(exit, server.output()).toBeDefined();
      expect(exit!.code).toBe(0);
      // The open event stream did not hold the drain until the limit.
      expect(exit!.at - signalAt).toBeLessThan(limitMs);
      expect(server.output()).toContain("Tendly stopped.");
      expect(server.output().match(/^Bad request 400 .*$/gm)).toEqual([
        "Bad request 400 GET /%C0%AE%C0%AE/: Failed to decode param '%C0%AE%C0%AE'",
        "Bad request 400 POST /forgot-password: The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
      ]);
      expect(server.output()).not.toContain("Cut ");
      expect(server.output()).not.toMatch(/^\s+at /m);
      expect(postmasters.filter(isAlive)).toEqual([]);
      expect(postmastersOf(pgDataDir)).toEqual([]);
    } finally {
      agent.destroy();
      await cleanUp(server, pgDataDir);
    }
  });

  test("SIGTERM to `npm start` stops Node and its PostgreSQL together", async () => {
    const port = await freePort();
    const baseURL = `http://${HOST}:${port}`;
    let server: Launched | undefined;
    let processes: number[] = [];
    try {
      server = launch("npm", ["start"], {
        PORT: String(port),
        DATA_DIR: data.dir,
        PG_DATA_DIR: pgDataDir,
      });
      await waitUntilUp(server, baseURL, 180_000);
      processes = descendantsOf(server.child.pid!);
      const postmasters = postmastersOf(pgDataDir);
      expect(postmasters).toHaveLength(1);
      expect(processes.length).toBeGreaterThan(0);

      const signalAt = Date.now();
      server.child.kill("SIGTERM");
      const exit = await exitWithin(server, 60_000);
      expect(exit, server.output()).toBeDefined();
      expect(exit!.code).toBe(0);
      expect(exit!.at - signalAt).toBeLessThan(30_000);
      expect(server.output()).toContain("Tendly stopped.");
      expect(processes.filter(isAlive), "Node (and any shell) under npm").toEqual([]);
      expect(postmasters.filter(isAlive)).toEqual([]);
      expect(postmastersOf(pgDataDir)).toEqual([]);
      expect(await tryConnection(baseURL)).toBe("refused");
    } finally {
      await cleanUp(server, pgDataDir, processes);
    }
  });
});
