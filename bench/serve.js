// The production server as `npm start` runs it, minus start.js's build check:
// in a shared checkout someone may change a source mid-run, and a rebuild
// must never land inside a measured start. bench/run.js builds beforehand.
process.env.NODE_ENV ??= "production";

const { startServer } = await import("../build/server/index.js");
const { stop } = await startServer({ quiet: true });
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
