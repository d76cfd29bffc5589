import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { getEnv, type Env } from "~/utils/env.server";
import { startBanner } from "./banner";
import { boot } from "./boot";
import { stopOnSignals, type Stop } from "./signals";
import { assertCanListen, StartError } from "./start-checks";

// A worker per core (docs/decisions/0044-a-worker-per-core.md). The primary does what must happen
// once: the port check, the embedded PostgreSQL, migrations, the demo seed, the banner. Its workers
// (node:cluster) each boot a whole server on the primary's database and serve the same port, which
// the primary accepts on and hands out round-robin. Jobs, realtime, rate limits and sessions are in
// PostgreSQL already (docs/scaling.md). SIGUSR2 replaces the workers one at a time; a worker that
// dies is replaced after a backoff; SIGTERM or Ctrl-C drains every worker, then stops the database.

/** The signal that makes the primary replace its workers one at a time. */
export const RESTART_SIGNAL = "SIGUSR2";

/** How the primary hands its database to the workers it forks (read once, then removed). */
const DATABASE_URL_VARIABLE = "TENDLY_WORKER_DATABASE_URL";

/** The signals that stop Tendly (server/signals.ts). */
const STOP_SIGNALS = ["SIGINT", "SIGTERM"] as const;

/** Backoff of replacements: the first after this, doubled for each other death within the window. */
const FIRST_REPLACEMENT_MS = 250;
const MAX_REPLACEMENT_MS = 30_000;
const DEATH_WINDOW_MS = 60_000;

/** A worker still running this long after its drain's own limit is killed. */
const KILL_AFTER_DRAIN_MS = 15_000;

/** Between the primary and its workers (scripts/start.js sends `tendly:start-failed`). */
type Message = { type: "tendly:stop" } | { type: "tendly:start-failed"; message: string };

/** Workers `npm start` runs: WEB_CONCURRENCY, else one per core. 1 means one process and no primary. */
export function workerCount(env: Env = getEnv()): number {
  return env.WEB_CONCURRENCY ?? os.availableParallelism();
}

/** In a worker: where the primary's database is. */
export function workerOptions(): { databaseUrl: string } {
  const databaseUrl = process.env[DATABASE_URL_VARIABLE];
  if (!databaseUrl) throw new Error(`A worker needs ${DATABASE_URL_VARIABLE}, set by its primary.`);
  delete process.env[DATABASE_URL_VARIABLE];
  return { databaseUrl };
}

/**
 * In a worker: its primary's request to stop, like a signal (a second request a second later or
 * more stops at once, server/signals.ts), and the signals themselves (Ctrl-C reaches every process
 * of the terminal's group). The restart signal is the primary's: sent to the whole group, it must
 * not end the workers.
 */
export function stopWorkerOnRequest(stop: Stop): void {
  const onSignal = stopOnSignals(stop);
  process.on(RESTART_SIGNAL, () => undefined);
  process.on("message", (message: Message) => {
    if (message?.type === "tendly:stop") onSignal("SIGTERM");
  });
}

/** With one process: the restart signal has no worker to restart; it says so rather than ending the server. */
export function ignoreRestartSignal(log = (message: string) => console.log(message)): void {
  process.on(RESTART_SIGNAL, () =>
    log(`${RESTART_SIGNAL}: one process (WEB_CONCURRENCY=1), no worker to restart; nothing done.`),
  );
}

/**
 * The primary: checks the port, boots the database once, forks `workerCount()` workers and waits
 * until each listens, then prints the banner. Returns the stop for server/signals.ts.
 */
export async function startPrimary(log = (message: string) => console.log(message)) {
  const settings = getEnv();
  // A taken port fails here, in milliseconds, before the database starts.
  await assertCanListen(settings.HOST, settings.PORT);
  const booted = await boot(log, { role: "primary" });
  const { env } = booted;
  const count = workerCount(env);

  /** Serving, or starting to replace one that died. */
  const live = new Set<Worker>();
  /** Started by a restart, serving once they listen. */
  const candidates = new Set<Worker>();
  const deaths: number[] = [];
  const replacements = new Set<NodeJS.Timeout>();
  let state: "starting" | "running" | "restarting" | "stopping" = "starting";

  const fork = (as: "live" | "candidate") => {
    const worker = cluster.fork({ [DATABASE_URL_VARIABLE]: booted.databaseUrl });
    (as === "live" ? live : candidates).add(worker);
    let failure: string | undefined;
    worker.on("message", (message: Message) => {
      if (message?.type === "tendly:start-failed") failure = message.message;
    });
    const ready = new Promise<Worker>((resolve, reject) => {
      worker.once("listening", () => {
        if (candidates.delete(worker)) live.add(worker);
        resolve(worker);
      });
      worker.once("exit", (code, signal) => {
        const fail = () =>
          reject(
            new StartError(
              failure ?? `A worker (pid ${worker.process.pid}) exited before it served (${code ?? signal}).`,
            ),
          );
        // Its last message is read before its channel closes.
        if (worker.isConnected()) worker.once("disconnect", fail);
        else fail();
      });
    });
    ready.catch(() => undefined);
    worker.once("exit", (code, signal) => onExit(worker, code ?? signal));
    return ready;
  };

  const onExit = (worker: Worker, how: number | string) => {
    candidates.delete(worker);
    if (!live.delete(worker) || state === "stopping" || state === "starting") return;
    const now = Date.now();
    deaths.push(now);
    while (deaths[0]! < now - DEATH_WINDOW_MS) deaths.shift();
    const delay = Math.min(MAX_REPLACEMENT_MS, FIRST_REPLACEMENT_MS * 2 ** (deaths.length - 1));
    log(`Worker ${worker.process.pid} stopped unexpectedly (${how}); starting another in ${delay} ms.`);
    const timer = setTimeout(() => {
      replacements.delete(timer);
      if (state === "stopping") return;
      fork("live").then(
        (replacement) => log(`Worker ${replacement.process.pid} serves in its place.`),
        (error: Error) => log(`A worker could not start: ${error.message}`),
      );
    }, delay);
    replacements.add(timer);
  };

  /** Asks a worker to drain and exit; kills it if it is still there well after its drain's limit. */
  const retire = (worker: Worker, limitMs = env.SHUTDOWN_TIMEOUT_MS + KILL_AFTER_DRAIN_MS) => {
    live.delete(worker);
    candidates.delete(worker);
    if (worker.isDead()) return Promise.resolve(0);
    return new Promise<number>((resolve) => {
      const kill = setTimeout(() => worker.process.kill("SIGKILL"), limitMs);
      worker.once("exit", (code) => {
        clearTimeout(kill);
        resolve(code ?? 1);
      });
      if (worker.isConnected()) worker.send({ type: "tendly:stop" } satisfies Message, undefined, () => undefined);
      else worker.process.kill("SIGTERM");
    });
  };

  const restart = async () => {
    if (state !== "running") {
      log(`${RESTART_SIGNAL}: ${state === "restarting" ? "a restart is under way" : "stopping"}; nothing more done.`);
      return;
    }
    state = "restarting";
    const old = [...live];
    log(`\nRestarting the ${old.length} workers one at a time ...`);
    let restarted = 0;
    for (const worker of old) {
      if (state !== "restarting") return;
      // One that died meanwhile was replaced by a new one already.
      if (!live.has(worker)) continue;
      try {
        await fork("candidate");
      } catch (error) {
        log(`A new worker could not start (${(error as Error).message}); the others keep serving.`);
        break;
      }
      if (state !== "restarting") return;
      // The new one serves: the old one stops taking connections and finishes what it has.
      await retire(worker);
      restarted += 1;
    }
    state = "running";
    log(`Restarted ${restarted} of ${old.length} workers; serving: ${[...live].map((w) => w.process.pid).join(", ")}.`);
  };

  const stopWorkers = async () => {
    state = "stopping";
    for (const timer of replacements) clearTimeout(timer);
    const codes = await Promise.all(Object.values(cluster.workers ?? {}).map((worker) => retire(worker!)));
    return codes.filter((code) => code !== 0).length;
  };

  // The first worker answers before the others listen, and the entry point takes the stop signals only once this
  // returns: a stop asked meanwhile is held (not left to the database library's own exit at the signal, which would
  // leave the workers behind) and given again once the entry point listens for it.
  const held: NodeJS.Signals[] = [];
  const hold = (signal: NodeJS.Signals) => void held.push(signal);
  for (const signal of STOP_SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, hold);
  }
  try {
    await Promise.all(Array.from({ length: count }, () => fork("live")));
  } catch (error) {
    // One could not serve (the port taken since the check, a bad setting): nothing stays behind.
    await stopWorkers();
    await booted.shutdown();
    throw error;
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, hold);
  }
  const [heldSignal] = held;
  if (heldSignal) setImmediate(() => process.kill(process.pid, heldSignal));
  state = "running";
  process.on(RESTART_SIGNAL, () => void restart());
  const pids = [...live].map((worker) => worker.process.pid!);
  for (const line of startBanner(env, booted.seeded, pids)) log(line);

  let stopping: Promise<void> | undefined;
  let stoppingNow: Promise<void> | undefined;
  const stopGracefully = async () => {
    log("\nStopping Tendly ...");
    const failed = await stopWorkers();
    await booted.shutdown();
    if (failed > 0) throw new Error(`${failed} of the workers did not stop cleanly.`);
    log("Tendly stopped.");
  };
  /** Drains every worker, then stops the database; `now` (a second signal) asks the workers again, which cuts what they have left. */
  const stop: Stop = ({ now = false } = {}) => {
    stopping ??= stopGracefully();
    if (!now) return stopping;
    stoppingNow ??= (async () => {
      log("Stopping at once: cutting the requests left, not waiting for a running job.");
      await Promise.all(Object.values(cluster.workers ?? {}).map((worker) => retire(worker!, KILL_AFTER_DRAIN_MS)));
      await booted.shutdown({ now: true });
    })();
    return stoppingNow;
  };
  return { stop, env };
}
