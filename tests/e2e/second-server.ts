import { readFileSync } from "node:fs";
import path from "node:path";
import { startAppServer, type AppServer } from "./app-server";

// A second process of the suite's own Tendly: the same production build, the
// same PostgreSQL database (DATABASE_URL), auth secret and data directory, as
// a deployment runs several processes behind a load balancer
// (docs/decisions/0014-realtime-over-sse.md). It runs bench/serve.js, the
// server without `npm start`'s build check: a rebuild in the middle of the
// suite would change the first process's build under it.

/** The suite server's database URL and auth secret, from its data directory (as e2e-database.ts reads them). */
export function suiteSettings(): { dataDir: string; databaseUrl: string; authSecret: string } {
  const dataDir = process.env.E2E_DATA_DIR!;
  const port = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const { postgresPassword, authSecret } = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as {
    postgresPassword: string;
    authSecret: string;
  };
  return {
    dataDir,
    databaseUrl: `postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/tendly`,
    authSecret,
  };
}

/** A second process of the suite's server; `env` adds to or overrides its configuration (`name` is for errors). */
export async function startSecondServer(
  options: { env?: Record<string, string>; name?: string } = {},
): Promise<AppServer> {
  const { dataDir, databaseUrl, authSecret } = suiteSettings();
  return startAppServer({
    name: options.name ?? "second server",
    script: "bench/serve.js",
    startupMs: 60_000,
    env: {
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: authSecret,
      // As the suite's server: behind a trusted proxy, a public demo (playwright.config.ts).
      TRUST_PROXY: "1",
      DEMO_MODE: "true",
      JOB_POLL_INTERVAL_MS: "1000",
      ...options.env,
    },
  });
}
