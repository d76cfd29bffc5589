import { execFileSync } from "node:child_process";
import net from "node:net";

// Ports for the servers the end-to-end suite starts: its own three (the app, the fake geocoder, the
// fake text-message provider, chosen once by playwright.config.ts, which Playwright loads
// synchronously) and those tests start for themselves (tests/e2e/app-server.ts).
//
// They come from below the kernel's ephemeral range (32768-60999 on Linux): a port in that range can
// be taken at any moment by an outgoing connection (a database client, the browser), and a server then
// fails to start with EADDRINUSE, as the suite's fake text-message provider once did. Each candidate
// is bound before it is given out, so a port another program listens on is skipped.
export const PORT_RANGE = { first: 10_000, last: 32_000 } as const;
const ATTEMPTS = 200;

function listenOn(port: number): Promise<net.Server | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/** `count` distinct ports nobody listens on, below the ephemeral range. */
export async function freePorts(count: number): Promise<number[]> {
  const held: net.Server[] = [];
  const span = PORT_RANGE.last - PORT_RANGE.first;
  for (let attempt = 0; held.length < count; attempt += 1) {
    if (attempt === ATTEMPTS) {
      await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
      throw new Error(`No ${count} free ports between ${PORT_RANGE.first} and ${PORT_RANGE.last}`);
    }
    const server = await listenOn(PORT_RANGE.first + Math.floor(Math.random() * span));
    if (server) held.push(server);
  }
  const ports = held.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** One free port, below the ephemeral range. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/** freePorts for a caller that cannot wait (a configuration file): asks a child Node process. */
export function freePortsSync(count: number): number[] {
  const script = `import { freePorts } from ${JSON.stringify(import.meta.url)};
console.log((await freePorts(${count})).join(" "));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  const ports = output.trim().split(" ").map(Number);
  if (ports.length !== count || ports.some((port) => !Number.isInteger(port))) {
    throw new Error(`Could not choose ${count} free ports: "${output.trim()}"`);
  }
  return ports;
}
