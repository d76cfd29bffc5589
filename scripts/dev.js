// `npm run dev`: the same server as production, with Vite's dev middleware
// (hot module replacement) instead of the built assets.
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startServer } = await vite.ssrLoadModule("./server/app.ts");
const { stop } = await startServer({ vite });
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () =>
    stop()
      .then(() => vite.close())
      .then(() => process.exit(0)),
  );
}
