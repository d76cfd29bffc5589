// The production server as `npm start` runs it, minus start.js's build check:
// in a shared checkout someone may change a source mid-run, and a rebuild
// must never land inside a measured start. bench/run.js builds beforehand.
// Signals stop it as they stop `npm start` (docs/decisions/0017-start-and-stop.md).
process.env.NODE_ENV ??= "production";

const { startServer, stopOnSignals } = await import("../build/server/index.js");
const { stop } = await startServer({ quiet: true });
stopOnSignals(stop);
