import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startAppServer, type AppServer } from "./app-server";

// A second Tendly server beside the suite's own, for tests of how the server
// behaves under another configuration (demo mode, the mailbox, a proxy). It
// runs the same production build with its own data directory and port.

export type ExtraServer = AppServer & {
  dataDir: string;
  // Its `stop` leaves the data directory for the next one.
};

export function extraDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "tendly-e2e-extra-"));
  // The embedded PostgreSQL runs as the `postgres` user when we are root.
  chmodSync(dir, 0o755);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `node scripts/start.js` (what `npm start` runs, its own PostgreSQL included) on `dataDir`, with `env`. */
export async function startExtraServer(dataDir: string, env: Record<string, string>): Promise<ExtraServer> {
  const server = await startAppServer({
    name: "extra server",
    script: "scripts/start.js",
    startupMs: 120_000,
    env: { DATA_DIR: dataDir, PG_DATA_DIR: path.join(dataDir, "pg"), JOB_POLL_INTERVAL_MS: "1000", ...env },
  });
  return { ...server, dataDir };
}
