// `npm start`: build if the sources changed, then boot (embedded PostgreSQL,
// migrations, demo seed) and serve the production build with a worker per core
// (WEB_CONCURRENCY; server/cluster.ts, docs/decisions/0044-a-worker-per-core.md).
// SIGTERM or Ctrl-C stops it gracefully (server/signals.ts), SIGUSR2 restarts
// the workers one at a time; package.json runs it with `exec`, so that npm's
// signals reach this process rather than a shell.
import cluster from "node:cluster";
import { ensureBuild } from "./ensure-build.js";

process.env.NODE_ENV ??= "production";

try {
  // A worker runs this same script: its primary has built already.
  if (cluster.isPrimary) ensureBuild();
  const server = await import("../build/server/index.js");
  if (cluster.isWorker) {
    const { stop } = await server.startServer({ quiet: true, worker: server.workerOptions() });
    server.stopWorkerOnRequest(stop);
  } else {
    const isSingle = server.workerCount() === 1;
    const { stop } = isSingle ? await server.startServer() : await server.startPrimary();
    if (isSingle) server.ignoreRestartSignal();
    // Under npm, also stop when npm itself is gone (killed outright).
    server.stopOnSignals(stop, { watchParent: Boolean(process.env.npm_lifecycle_event) });
  }
} catch (error) {
  const isExpected = error instanceof Error && (error.name === "EnvError" || error.name === "StartError");
  const reason = isExpected ? error.message : (error?.stack ?? error);
  // A worker's reason is its primary's to print, once (server/cluster.ts).
  if (cluster.isWorker) {
    process.send({ type: "tendly:start-failed", message: String(reason) }, undefined, {}, () => process.exit(1));
  } else {
    console.error(`\nTendly could not start.\n${reason}`);
    process.exit(1);
  }
}
