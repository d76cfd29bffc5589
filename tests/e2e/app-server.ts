import { spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "../support/free-ports";

// One way to start another Tendly process beside the suite's own server: the same production
// build, on a free port of its own, configured only by the variables the caller gives. What it is
// for is the caller's: a second process of the suite's deployment (second-server.ts), one with
// Stripe switched on (stripe-helpers.ts), or a server of its own with its own data directory
// (extra-server.ts).

export type AppServer = {
  baseURL: string;
  /** Everything the process printed so far. */
  output: () => string;
  stop: () => Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The runner's variables that configure a server: a process started here takes them only from `env`. */
const SERVER_CONFIGURATION =
  /^(DATABASE_URL|PG_DATA_DIR|APP_URL|AUTH_SECRET|SMTP_URL|DEMO_MODE|DEV_MAILBOX|TRUST_PROXY|HOST|PORT|STRIPE_.*|SMS_.*)$/;

/**
 * Runs `node <script>` (bench/serve.js or scripts/start.js) in production mode with `env`, and
 * waits until its /healthz answers; `name` says which server in the errors.
 */
export async function startAppServer(options: {
  name: string;
  script: string;
  env: Record<string, string>;
  startupMs: number;
}): Promise<AppServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !SERVER_CONFIGURATION.test(name)),
  );
  const child = spawn(process.execPath, [path.join(ROOT, options.script)], {
    cwd: ROOT,
    // One process unless the caller asks for workers (docs/decisions/0044-a-worker-per-core.md).
    env: { ...inherited, NODE_ENV: "production", PORT: String(port), WEB_CONCURRENCY: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + options.startupMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The ${options.name} exited:\n${output}`);
    const isUp = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`The ${options.name} did not start within ${options.startupMs / 1000} s:\n${output}`);
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
