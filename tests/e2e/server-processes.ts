import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

// Real server processes seen from outside, as a person or a supervisor starts them: `node
// scripts/start.js` or `npm start` with a port and data directory of their own, the processes below
// them, their embedded PostgreSQL, and cleaning all of it up when a test fails
// (tests/e2e/server-start-stop.test.ts, tests/e2e/workers.test.ts).

const ROOT = path.resolve(import.meta.dirname, "../..");
export const HOST = "127.0.0.1";

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };
export type Launched = { child: ChildProcess; output: () => string; exited: Promise<Exit> };

export function launch(command: string, args: string[], env: Record<string, string>): Launched {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(DATABASE_URL|APP_URL|AUTH_SECRET|SMTP_URL|DEMO_MODE|DEV_MAILBOX|TRUST_PROXY|HOST|PORT|npm_.*)$/.test(name),
    ),
  );
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...inherited, NODE_ENV: "production", HOST, JOB_POLL_INTERVAL_MS: "1000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, output: () => output, exited };
}

/** `node scripts/start.js` (what `npm start` runs) with its own port and data directory. */
export function launchStart(port: number, dataDir: string, env: Record<string, string> = {}): Launched {
  return launch(process.execPath, ["scripts/start.js"], {
    PORT: String(port),
    DATA_DIR: dataDir,
    PG_DATA_DIR: path.join(dataDir, "pg"),
    ...env,
  });
}

export async function holdPort(port: number): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => resolve());
  });
  return server;
}

/** The postmaster (`postgres -D <dir>`) running from a data directory, if any. */
export function postmastersOf(pgDataDir: string): number[] {
  // A child the postmaster has just forked carries its command line until it names itself: the postmaster is
  // the one whose parent is not one of them.
  const found = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    let parent: number;
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      parent = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
    } catch {
      continue;
    }
    const dir = args.indexOf("-D");
    if (path.basename(args[0] ?? "") === "postgres" && dir >= 0 && args[dir + 1] === pgDataDir)
      found.set(Number(entry), parent);
  }
  return [...found].filter(([, parent]) => !found.has(parent)).map(([pid]) => pid);
}

export function isAlive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

/** Every process below `pid` (children, theirs, ...). */
export function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.split(") ")[1]!.split(" ")[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  for (let index = -1; index < found.length; index += 1) {
    const parent = index < 0 ? pid : found[index];
    for (const [child, itsParent] of parents) if (itsParent === parent) found.push(child);
  }
  return found;
}

export async function waitUntilUp(server: Launched, baseURL: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
    const isUp = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    if (Date.now() > deadline) throw new Error(`The server did not start in time:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function waitForOutput(server: Launched, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`No "${text}" in the server's output:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves with the exit, or undefined if the process still runs after `timeoutMs`. */
export async function exitWithin(server: Launched, timeoutMs: number): Promise<Exit | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  const exit = await Promise.race([server.exited, late]);
  clearTimeout(timer);
  return exit;
}

/** Leaves nothing behind when a test fails: its process, what that process started, and the postmaster. */
export async function cleanUp(server: Launched | undefined, pgDataDir: string, started: number[] = []) {
  const pids = server?.child.pid ? [...descendantsOf(server.child.pid), server.child.pid] : [];
  for (const pid of [...pids, ...started.filter(isAlive), ...postmastersOf(pgDataDir)]) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  if (server && server.child.exitCode === null && server.child.signalCode === null) await server.exited;
}
