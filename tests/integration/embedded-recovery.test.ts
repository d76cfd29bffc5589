import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { canConnect, startEmbeddedPostgres, type EmbeddedServer } from "~/platform/db/embedded.server";
import { listenToChannel } from "~/platform/db/listen.server";
import { createPool } from "~/platform/db/pool.server";
import { createScratchDir, withClient } from "./database-server";

// Its own cluster (not the suite's shared one), whose postmaster is killed
// the way the OOM killer or a stray `kill -9` would (docs/decisions/0020-database-recovery.md).

/** The postmaster's pid: the first line of postmaster.pid. */
function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
}

const OWNER_FIXTURE = path.join(import.meta.dirname, "fixtures", "embedded-owner.ts");

/** Starts the server in a process of its own; resolves once it runs, with a way to kill that process. */
async function ownerInChild(dataDir: string, password: string) {
  // Node itself with tsx's loader, so that the SIGKILL reaches the process that owns the server.
  const child = spawn(process.execPath, ["--import", "tsx", OWNER_FIXTURE], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, EMBEDDED_DATA_DIR: dataDir, EMBEDDED_PASSWORD: password },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: string) => {
      output += chunk;
      if (/^ready /m.test(output)) resolve();
    };
    child.stdout.setEncoding("utf8").on("data", read);
    child.stderr.setEncoding("utf8").on("data", read);
    child.on("exit", () => reject(new Error(`The owner process ended before its server ran:\n${output}`)));
  });
  return {
    kill: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills the postmaster with SIGKILL and waits until it is gone. */
async function killPostmaster(dataDir: string): Promise<number> {
  const pid = postmasterPid(dataDir);
  process.kill(pid, "SIGKILL");
  await vi.waitFor(() => expect(isAlive(pid)).toBe(false), { timeout: 5000, interval: 20 });
  return pid;
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** Holds `port` (once the dead server's socket is gone), so that PostgreSQL cannot listen there. */
async function occupy(port: number): Promise<net.Server> {
  const blocker = net.createServer();
  await vi.waitFor(
    () =>
      new Promise<void>((resolve, reject) => {
        blocker.once("error", reject);
        blocker.listen(port, "127.0.0.1", () => resolve());
      }),
    { timeout: 5000, interval: 50 },
  );
  return blocker;
}

describe("the embedded PostgreSQL when its postmaster dies", () => {
  let scratch: string;
  let dataDir: string;
  const password = randomBytes(18).toString("base64url");
  const started: EmbeddedServer[] = [];

  beforeAll(async () => {
    scratch = await createScratchDir();
    dataDir = path.join(scratch, "pg");
  });

  afterAll(async () => {
    for (const server of started.toReversed()) await server.stop().catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  });

  test("is started again on the same port; the pool, a joiner and a LISTEN connection carry on", async () => {
    const logError = vi.fn<(message: string) => void>();
    const owner = await startEmbeddedPostgres({ dataDir, password, watch: { onExit: "restart", logError } });
    started.push(owner);
    const joiner = await startEmbeddedPostgres({ dataDir, password, watch: { onExit: "restart", logError } });
    expect(joiner.isOwner).toBe(false);
    await withClient(owner.url(), (client) => client.query("create table kept (n int); insert into kept values (42)"));

    const pool = createPool(owner.url(), 3);
    const heard: string[] = [];
    let listening = 0;
    const listener = listenToChannel(
      owner.url(),
      "recovery_test",
      { onNotify: (payload) => heard.push(payload), onListening: () => (listening += 1) },
      200,
    );
    try {
      // Warm connections in the pool, which the kill breaks.
      await Promise.all([1, 2, 3].map(() => pool.query("select pg_sleep(0.05)")));
      await vi.waitFor(() => expect(listening).toBe(1));

      const killedAt = performance.now();
      const killed = await killPostmaster(dataDir);
      await vi.waitFor(
        async () => {
          const { rows } = await pool.query<{ n: number }>("select n from kept");
          expect(rows).toEqual([{ n: 42 }]);
        },
        { timeout: 10_000, interval: 100 },
      );
      const recoveredMs = performance.now() - killedAt;
      expect(recoveredMs).toBeLessThan(10_000);
      expect(postmasterPid(dataDir)).not.toBe(killed);
      expect(logError).toHaveBeenCalledWith(expect.stringMatching(/was killed by SIGKILL; restarting it/));

      // Every pooled connection works again (the broken ones were dropped).
      await Promise.all([1, 2, 3].map(() => pool.query("select pg_sleep(0.05)")));
      expect(await canConnect(joiner.url())).toBe(true);

      await vi.waitFor(() => expect(listening).toBe(2), { timeout: 10_000 });
      await pool.query("select pg_notify('recovery_test', 'after the restart')");
      await vi.waitFor(() => expect(heard).toEqual(["after the restart"]));
    } finally {
      await listener.close();
      await pool.end();
    }

    // A stop asked for is not a death: the server stays down. stop() returns
    // on the postmaster's exit, after the watcher's own exit handler has run
    // (registered earlier); a restart would have begun there with its log
    // line, so none is logged and none will come.
    const loggedBeforeStop = logError.mock.calls.length;
    await started.pop()!.stop();
    expect(logError.mock.calls.slice(loggedBeforeStop)).toEqual([]);
    expect(await canConnect(owner.url())).toBe(false);
  });

  test("left running by an owner that crashed: stopped, started afresh on its port, watched and stopped at the end", async () => {
    const orphanDir = path.join(scratch, "left");
    const owner = await ownerInChild(orphanDir, password);
    const ownersServer = postmasterPid(orphanDir);

    // While its owner lives, a second process joins the server and leaves it alone.
    const joiner = await startEmbeddedPostgres({ dataDir: orphanDir, password });
    expect(joiner.isOwner).toBe(false);
    await joiner.stop();
    expect(isAlive(ownersServer)).toBe(true);

    // The owner dies the way `kill -9` or the OOM killer ends it; its PostgreSQL lives on, unwatched.
    await owner.kill();
    expect(isAlive(ownersServer)).toBe(true);
    const orphanPort = portOf(joiner.url());
    await withClient(joiner.url(), (client) => client.query("create table kept (n int); insert into kept values (7)"));

    const log = vi.fn<(message: string) => void>();
    const logError = vi.fn<(message: string) => void>();
    const adopted = await startEmbeddedPostgres({
      dataDir: orphanDir,
      password,
      log,
      watch: { onExit: "restart", logError },
    });
    started.push(adopted);
    expect(adopted.isOwner).toBe(true);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/was left by a process that ended; stopping it/));
    expect(isAlive(ownersServer)).toBe(false);
    expect(postmasterPid(orphanDir)).not.toBe(ownersServer);
    expect(portOf(adopted.url())).toBe(orphanPort);
    await withClient(adopted.url(), async (client) =>
      expect((await client.query("select n from kept")).rows).toEqual([{ n: 7 }]),
    );

    // Watched: killed, it is started again.
    await killPostmaster(orphanDir);
    await vi.waitFor(async () => expect(await canConnect(adopted.url())).toBe(true), {
      timeout: 10_000,
      interval: 100,
    });
    expect(logError).toHaveBeenCalledWith(expect.stringMatching(/was killed by SIGKILL; restarting it/));

    // Owned again after the restart (its owner's advisory lock taken once more): another process
    // joins instead of taking it for one left behind.
    await vi.waitFor(
      () =>
        withClient(adopted.url(), async (client) => {
          const { rows } = await client.query("select 1 from pg_locks where locktype = 'advisory' and granted");
          expect(rows).toHaveLength(1);
        }),
      { timeout: 10_000, interval: 100 },
    );
    const second = await startEmbeddedPostgres({ dataDir: orphanDir, password });
    expect(second.isOwner).toBe(false);

    // Stopped at the end.
    const last = postmasterPid(orphanDir);
    await started.pop()!.stop();
    expect(isAlive(last)).toBe(false);
    expect(await canConnect(adopted.url())).toBe(false);
  });

  test("with DATABASE_ON_EXIT=exit the process exits non-zero instead", async () => {
    const exit = vi.fn<(code: number) => void>();
    const logError = vi.fn<(message: string) => void>();
    const owner = await startEmbeddedPostgres({ dataDir, password, watch: { onExit: "exit", exit, logError } });
    started.push(owner);
    await killPostmaster(dataDir);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    // The watcher decides in its exit handler, at once: exit, and no restart
    // (which would have logged its own line there, before any attempt).
    expect(logError.mock.calls).toEqual([[expect.stringMatching(/exiting \(DATABASE_ON_EXIT=exit\)/)]]);
    expect(exit).toHaveBeenCalledTimes(1);
    expect(await canConnect(owner.url())).toBe(false);
    // Stopping a dead server returns at once.
    await started.pop()!.stop();
  });

  test("gives up and exits after the bounded number of failed restarts", async () => {
    const exit = vi.fn<(code: number) => void>();
    const logError = vi.fn<(message: string) => void>();
    const owner = await startEmbeddedPostgres({
      dataDir,
      password,
      watch: { onExit: "restart", exit, logError, maxRestarts: 3, retryDelayMs: 300 },
    });
    started.push(owner);
    await killPostmaster(dataDir);
    // Something else takes the port: every restart fails.
    const blocker = await occupy(portOf(owner.url()));
    try {
      await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1), { timeout: 10_000, interval: 100 });
      expect(exit).toHaveBeenCalledTimes(1);
      const lines = logError.mock.calls.map(([line]) => String(line));
      expect(lines.filter((line) => /did not start again/.test(line))).toHaveLength(3);
      expect(lines.at(-1)).toMatch(/could not be kept running: 3 restarts within 60 s\. Giving up and exiting/);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    await started.pop()!.stop();
  });
});
