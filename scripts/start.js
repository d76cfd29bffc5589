// `npm start`: build if the sources changed, then boot (embedded PostgreSQL,
// migrations, demo seed) and serve the production build.
import { ensureBuild } from "./ensure-build.js";

process.env.NODE_ENV ??= "production";

try {
  ensureBuild();
  const { startServer } = await import("../build/server/index.js");
  const { stop } = await startServer();
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log("\nStopping Tendly ...");
      stop().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  console.error(
    `\nTendly could not start.\n${error instanceof Error && error.name === "EnvError" ? error.message : (error?.stack ?? error)}`,
  );
  process.exit(1);
}
