// What the benchmarks that start the production server share (bench/run.js, memory.js, workers.js).
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Settings of a deployment that must not leak from the caller's shell into the benchmarked server (it always
 * runs the embedded default here).
 */
export const SERVER_SETTINGS = [
  "DATABASE_URL",
  "DATA_DIR",
  "PG_DATA_DIR",
  "APP_URL",
  "AUTH_SECRET",
  "SMTP_URL",
  "DEMO_MODE",
  "DEV_MAILBOX",
  "TRUST_PROXY",
  "DATABASE_POOL_SIZE",
  "LOG_LEVEL",
  "PASSWORD_HASH_CONCURRENCY",
  "PASSWORD_HASH_QUEUE",
  "UV_THREADPOOL_SIZE",
  "NODE_OPTIONS",
];

/** A positive number from the environment variable `name`, else `fallback`. */
export function positiveNumber(name, fallback) {
  const value = process.env[name] === undefined || process.env[name] === "" ? fallback : Number(process.env[name]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/** The machine's load averages over 1, 5 and 15 minutes, printed beside every figure. */
export const loadAverage = (separator = ", ") =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(separator);

export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A throw-away directory the embedded PostgreSQL can reach (as root it runs as `postgres`). */
export async function scratchDir(name = "bench") {
  if (process.getuid?.() !== 0) return mkdtemp(path.join(os.tmpdir(), `tendly-${name}-`));
  const dir = path.join(
    "/var/lib/tendly-bench",
    `${name}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`,
  );
  await mkdir(dir, { recursive: true, mode: 0o755 });
  return dir;
}
