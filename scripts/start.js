// `npm start`: build if the sources changed, then boot (embedded PostgreSQL,
// migrations, demo seed) and serve the production build. SIGTERM or Ctrl-C
// stops it gracefully (server/signals.ts); package.json runs it with `exec`,
// so that npm's signals reach this process rather than a shell.
import { ensureBuild } from "./ensure-build.js";

process.env.NODE_ENV ??= "production";

try {
  ensureBuild();
  const { startServer, stopOnSignals } = await import("../build/server/index.js");
  const { stop } = await startServer();
  // Under npm, also stop when npm itself is gone (killed outright).
  stopOnSignals(stop, { watchParent: Boolean(process.env.npm_lifecycle_event) });
} catch (error) {
  const isExpected = error instanceof Error && (error.name === "EnvError" || error.name === "StartError");
  console.error(`\nTendly could not start.\n${isExpected ? error.message : (error?.stack ?? error)}`);
  process.exit(1);
}
