// `npm run dev`: the same server as production, with Vite's dev middleware
// (hot module replacement) instead of the built assets. Stops as `npm start`
// does (server/signals.ts).
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
try {
  const { startServer, stopOnSignals } = await vite.ssrLoadModule("./server/app.ts");
  const { stop } = await startServer({ vite });
  stopOnSignals((options) => stop(options).finally(() => (options?.now ? undefined : vite.close())), {
    watchParent: Boolean(process.env.npm_lifecycle_event),
  });
} catch (error) {
  await vite.close();
  const isExpected = error instanceof Error && (error.name === "EnvError" || error.name === "StartError");
  console.error(`\nTendly could not start.\n${isExpected ? error.message : (error?.stack ?? error)}`);
  process.exit(1);
}
