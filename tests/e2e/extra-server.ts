import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A second Tendly server beside the suite's own, for tests of how the server
// behaves under another configuration (demo mode, the mailbox, a proxy). It
// runs the same production build with its own data directory and port.

export type ExtraServer = {
  baseURL: string;
  dataDir: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** Stops the server; its data directory stays for the next one. */
  stop: () => Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, "../..");

export function extraDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "tendly-e2e-extra-"));
  // The embedded PostgreSQL runs as the `postgres` user when we are root.
  chmodSync(dir, 0o755);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startExtraServer(dataDir: string, env: Record<string, string>): Promise<ExtraServer> {
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const baseURL = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(DATABASE_URL|APP_URL|AUTH_SECRET|SMTP_URL|DEMO_MODE|DEV_MAILBOX|TRUST_PROXY|HOST)$/.test(name),
    ),
  );
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.js"], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PG_DATA_DIR: path.join(dataDir, "pg"),
      JOB_POLL_INTERVAL_MS: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The extra server exited:\n${output}`);
    const isUp = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`The extra server did not start within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
