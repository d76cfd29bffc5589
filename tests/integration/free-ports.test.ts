import net from "node:net";
import { afterEach, expect, test, vi } from "vitest";
import { freePorts, freePortsSync, PORT_RANGE } from "../support/free-ports";

// The end-to-end suite's servers listen on ports chosen here (tests/support/free-ports.ts).

afterEach(() => vi.restoreAllMocks());

function inRange(port: number) {
  return port >= PORT_RANGE.first && port < PORT_RANGE.last;
}

test("gives distinct ports below the kernel's ephemeral range, from a child process too", async () => {
  const ports = freePortsSync(3);
  expect(new Set(ports).size).toBe(3);
  expect(ports.every(inRange)).toBe(true);
  const more = await freePorts(5);
  expect(new Set(more).size).toBe(5);
  expect(more.every(inRange)).toBe(true);
});

test("skips a port another server listens on", async () => {
  const span = PORT_RANGE.last - PORT_RANGE.first;
  const [taken, next] = await freePorts(2);
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(taken, "127.0.0.1", resolve));
  try {
    const draws = [taken!, next!].map((port) => (port - PORT_RANGE.first + 0.5) / span);
    vi.spyOn(Math, "random").mockImplementation(() => draws.shift() ?? 0.5);
    expect(await freePorts(1)).toEqual([next]);
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
});
