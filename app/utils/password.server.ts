import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes, timingSafeEqual, type ScryptOptions } from "node:crypto";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { APIError } from "better-auth/api";
import { createLane, LaneFullError, type Lane } from "./bounded-lane";
import { getEnv } from "./env.server";

// OWASP's scrypt parameters (N=2^17, r=8, p=1), about 0.4 CPU-seconds a hash.
// Stored as `scrypt$N$r$p$salt$key` so that parameters can be raised later.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

// Hashes run in a lane of their own (docs/decisions/0018-password-hashing-lane.md):
// at most PASSWORD_HASH_CONCURRENCY at once, each on a worker thread of its
// own at the lowest CPU priority (nice 19), so that pages, the event loop and
// PostgreSQL come first; not on libuv's thread pool, where file reads, zlib
// and the webcrypto of PostgreSQL's SCRAM logins would queue behind them.
// At most PASSWORD_HASH_QUEUE more wait; past that the caller is told to try
// again in a moment.

/** Seconds a refused caller is asked to wait (Retry-After). */
export const PASSWORD_HASH_RETRY_AFTER_SECONDS = 5;
/** The code of the refusal, in better-auth's answer (its APIError's body). */
export const PASSWORD_HASHING_BUSY = "PASSWORD_HASHING_BUSY";

/** One less than the cores, so that pages keep a core, at most 2 and at least 1. */
export function defaultHashConcurrency(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(2, cores - 1));
}

const lanes = new Map<"hash" | "check", { lane: Lane; settings: string }>();

/** A lane of `extra` more than the hash concurrency, following the settings of the current configuration. */
function laneFor(kind: "hash" | "check", extra: number): Lane {
  const env = getEnv();
  const concurrency = (env.PASSWORD_HASH_CONCURRENCY ?? defaultHashConcurrency()) + extra;
  const settings = `${concurrency}/${env.PASSWORD_HASH_QUEUE}`;
  const current = lanes.get(kind);
  if (current?.settings === settings) return current.lane;
  const lane = createLane({ concurrency, queueSize: env.PASSWORD_HASH_QUEUE });
  lanes.set(kind, { lane, settings });
  return lane;
}

/** The lane every hash goes through. */
export function passwordHashLane(): Lane {
  return laneFor("hash", 0);
}

/**
 * The lane a whole sign-in step goes through (its queries, the hash, the
 * session): one more at once than the hashing lane, so that one step does its
 * queries while another hashes. Without it, a burst of sign-ins would run all
 * its queries the moment it arrives, and a page would wait behind them for the
 * pool and the event loop (docs/decisions/0018-password-hashing-lane.md).
 */
export function passwordCheckLane(): Lane {
  return laneFor("check", 1);
}

/**
 * better-auth's kind of error, so that its endpoints answer it as they answer
 * their own refusals (503, with Retry-After) and callers tell it apart by its code.
 */
function busyError(): APIError {
  return new APIError(
    "SERVICE_UNAVAILABLE",
    { message: "Password hashing is busy; try again in a moment", code: PASSWORD_HASHING_BUSY },
    { "Retry-After": String(PASSWORD_HASH_RETRY_AFTER_SECONDS) },
  );
}

/** True for the refusal of a hash because too many are waiting already. */
export function isPasswordHashingBusy(error: unknown): boolean {
  return (
    error instanceof Error &&
    "body" in error &&
    (error as { body?: { code?: unknown } }).body?.code === PASSWORD_HASHING_BUSY
  );
}

// The hashing thread: it lowers its own priority (on Linux the nice value is
// a thread's own) and hashes one password at a time. Evaluated source, so that
// the server bundle needs no file beside it.
const HASHER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
try { require("node:os").setPriority(19); } catch {}
parentPort.on("message", ({ password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, salt, keyLength, options);
    parentPort.postMessage({ key }, [key.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});`;

type Hasher = { worker: Worker; isBroken: boolean };
/** Idle hashing threads; the lane ensures no more are ever busy than its concurrency. */
const idleHashers: Hasher[] = [];

function startHasher(): Hasher {
  const hasher: Hasher = { worker: new Worker(HASHER_SOURCE, { eval: true }), isBroken: false };
  hasher.worker.on("error", () => (hasher.isBroken = true));
  hasher.worker.on("exit", () => (hasher.isBroken = true));
  hasher.worker.unref();
  return hasher;
}

/** One scrypt on an idle hashing thread (a new one if none is idle). */
function scryptOnHasher(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  let hasher = idleHashers.pop();
  while (hasher?.isBroken) hasher = idleHashers.pop();
  const current = hasher ?? startHasher();
  const { worker } = current;
  // Referenced while it hashes, so that a script awaiting a hash does not end first.
  worker.ref();
  return new Promise<Buffer>((resolve, reject) => {
    const onExit = (code: number) => settle({ error: `The hashing thread stopped (${code})` });
    const settle = (answer: { key?: Uint8Array; error?: string }) => {
      worker.off("message", settle);
      worker.off("exit", onExit);
      worker.unref();
      if (!current.isBroken) idleHashers.push(current);
      if (answer.key) resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
      else reject(new Error(answer.error ?? "Password hashing failed"));
    };
    worker.on("message", settle);
    worker.once("exit", onExit);
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker thread, not a window
    worker.postMessage({ password, salt, keyLength: KEY_LENGTH, options });
  });
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return passwordHashLane()
    .run(() => scryptOnHasher(password.normalize("NFKC"), salt, options))
    .catch((error: unknown) => {
      throw error instanceof LaneFullError ? busyError() : error;
    });
}

/** A hash made ahead of the code that will ask for it (withPasswordHashed). */
const hashedAhead = new AsyncLocalStorage<{ password: string; hash: string }>();

/**
 * Hashes `password` first, then runs `work`, inside which hashPassword of the
 * same password answers with that hash at once. A registration hashes this
 * way before it opens its transaction (docs/decisions/0021-registration-in-one-transaction.md),
 * so that no pooled connection is held while the hash waits in the lane.
 */
export async function withPasswordHashed<T>(password: string, work: () => Promise<T>): Promise<T> {
  const hash = await hashPassword(password);
  return hashedAhead.run({ password, hash }, work);
}

export async function hashPassword(password: string): Promise<string> {
  const ahead = hashedAhead.getStore();
  if (ahead?.password === password) return ahead.hash;
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = hash.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
