import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

// A second process of the suite's own Tendly: the same production build, the
// same PostgreSQL database (DATABASE_URL), auth secret and data directory, as
// a deployment runs several processes behind a load balancer
// (docs/decisions/0014-realtime-over-sse.md). It runs bench/serve.js, the
// server without `npm start`'s build check: a rebuild in the middle of the
// suite would change the first process's build under it.

export type SecondServer = {
  baseURL: string;
  /** Everything the process printed so far. */
  output: () => string;
  stop: () => Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, "../..");

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

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startSecondServer(): Promise<SecondServer> {
  const { dataDir, databaseUrl, authSecret } = suiteSettings();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(DATABASE_URL|PG_DATA_DIR|APP_URL|AUTH_SECRET|SMTP_URL|DEMO_MODE|DEV_MAILBOX|TRUST_PROXY|HOST|PORT)$/.test(
          name,
        ),
    ),
  );
  const child = spawn(process.execPath, [path.join(ROOT, "bench", "serve.js")], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: authSecret,
      // As the suite's server: behind a trusted proxy, a public demo (playwright.config.ts).
      TRUST_PROXY: "1",
      DEMO_MODE: "true",
      JOB_POLL_INTERVAL_MS: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The second server exited:\n${output}`);
    const isUp = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`The second server did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
