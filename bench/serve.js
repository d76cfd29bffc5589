// The production server as `npm start` runs it, minus start.js's build check:
// in a shared checkout someone may change a source mid-run, and a rebuild
// must never land inside a measured start. bench/run.js builds beforehand.
// Signals stop it as they stop `npm start` (docs/decisions/0017-start-and-stop.md).
// One process, unless started with `--workers`: then a primary and its workers as `npm start` runs them
// (WEB_CONCURRENCY, else one per core; server/cluster.ts, docs/decisions/0044-a-worker-per-core.md).
import cluster from "node:cluster";

process.env.NODE_ENV ??= "production";

const server = await import("../build/server/index.js");
if (cluster.isWorker) {
  const { stop } = await server.startServer({ quiet: true, worker: server.workerOptions() });
  server.stopWorkerOnRequest(stop);
} else if (process.argv.includes("--workers") && server.workerCount() > 1) {
  const { stop } = await server.startPrimary(() => undefined);
  server.stopOnSignals(stop);
} else {
  const { stop } = await server.startServer({ quiet: true });
  server.stopOnSignals(stop);
}
