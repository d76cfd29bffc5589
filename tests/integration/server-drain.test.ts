import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { expect, test } from "vitest";

// A stop answers every connection the server has taken (server/drain.ts,
// docs/decisions/0017-start-and-stop.md): requests in flight, connections
// accepted whose request has not arrived yet, kept-alive connections that send
// one more, and connections made while the process was too busy to accept
// them (waiting in the listen queue). Then it stops accepting.

const FIXTURE = path.join(import.meta.dirname, "fixtures", "drain-server.ts");

function startServer() {
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const waiters: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    for (const waiter of waiters.splice(0)) {
      const match = output.match(waiter.pattern);
      if (match) waiter.resolve(match);
      else waiters.push(waiter);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const line = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve) => {
      const match = output.match(pattern);
      if (match) resolve(match);
      else waiters.push({ pattern, resolve });
    });
  return { child, line, exited };
}

type Answer = { status: number; connection: string | undefined; body: string };

function get(port: number, pathname: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: pathname, agent }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
      );
    });
    request.on("error", reject);
  });
}

/** A connection opened now that sends its request only when told to; resolves with the raw answer. */
async function silentConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let raw = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (raw += chunk));
  const closed = new Promise<string>((resolve, reject) => {
    socket.once("error", reject);
    socket.once("close", () => resolve(raw));
  });
  return { send: () => socket.write("GET /late HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"), closed };
}

test("a stop answers every connection taken, then refuses new ones", async () => {
  const server = startServer();
  try {
    const port = Number((await server.line(/listening (\d+)/))[1]);

    // Kept-alive connections, idle after one answer each.
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });
    await Promise.all([1, 2, 3, 4].map(() => get(port, "/first", keepAlive)));
    // Requests in flight, and connections accepted whose request has not been sent.
    const inFlight = [1, 2, 3, 4, 5, 6].map(() => get(port, "/slow", false));
    const silent = await Promise.all([1, 2, 3, 4].map(() => silentConnection(port)));
    // The server has taken all 14 connections and the 6 requests in flight.
    await server.line(/^connection 14$/m);
    await server.line(/(^request \/slow\n(?:.*\n)*){6}/m);

    server.child.kill("SIGUSR2");
    await server.line(/blocking/);
    // Made while the server cannot accept: they wait in the listen queue.
    const queued = [1, 2, 3, 4, 5, 6].map(() => get(port, "/queued", false));
    // Once the drain has begun: the silent connections send their request, the kept-alive ones one more.
    await server.line(/^draining$/m);
    for (const connection of silent) connection.send();
    const again = [1, 2, 3, 4].map(() => get(port, "/again", keepAlive));

    const answers = await Promise.all([...inFlight, ...queued, ...again]);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 16 }, () => 200));
    expect(answers.slice(0, 6).map((answer) => answer.body)).toEqual(Array.from({ length: 6 }, () => "answered /slow"));
    for (const answer of answers.slice(6)) expect(answer.connection).toBe("close");
    const raw = await Promise.all(silent.map((connection) => connection.closed));
    for (const text of raw) {
      expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(text).toMatch(/\r\nConnection: close\r\n/i);
      expect(text).toMatch(/answered \/late$/);
    }

    expect((await server.line(/drained (.*)/))[1]).toBe(JSON.stringify({ inFlight: 6, cut: 0 }));
    expect(await server.exited).toBe(0);
    await expect(get(port, "/after", false)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    keepAlive.destroy();
  } finally {
    server.child.kill("SIGKILL");
  }
});

test("a stop while every poll serves a render still takes the connections that queued meanwhile", async () => {
  const server = startServer();
  try {
    const port = Number((await server.line(/listening (\d+)/))[1]);
    // Sixteen requests, one every 15 ms, each holding the loop 40 ms: connections keep queuing while the
    // server renders. The stop begins after the third; every one of them is answered, none reset.
    const answers: Promise<Answer>[] = [];
    for (let index = 0; index < 16; index += 1) {
      answers.push(get(port, `/busy?${index}`, false));
      if (index === 2) server.child.kill("SIGUSR1");
      await new Promise<void>((resolve) => setTimeout(resolve, 15));
    }
    const settled = await Promise.allSettled(answers);
    expect(settled.map((answer) => (answer.status === "fulfilled" ? answer.value.status : answer.reason.code))).toEqual(
      Array.from({ length: 16 }, () => 200),
    );
    expect(await server.exited).toBe(0);
  } finally {
    server.child.kill("SIGKILL");
  }
});

test("a stop takes every connection waiting in the listen queue, though it takes only one per turn of the event loop", async () => {
  const server = startServer();
  try {
    const port = Number((await server.line(/listening (\d+)/))[1]);
    server.child.kill("SIGUSR1");
    await server.line(/^draining$/m);
    // During the drain a render holds the loop for 300 ms, past the drain's wait for another connection;
    // five connections made meanwhile wait in the listen queue. Node takes one of them in the next turn of
    // its loop, quickly: the drain must not take that quick turn for the end of the queue.
    const stalled = get(port, "/stall", false);
    await server.line(/^stalling$/m);
    const queued = [1, 2, 3, 4, 5].map(() => get(port, "/queued", false));
    const settled = await Promise.allSettled([stalled, ...queued]);
    expect(settled.map((answer) => (answer.status === "fulfilled" ? answer.value.status : answer.reason.code))).toEqual(
      [200, 200, 200, 200, 200, 200],
    );
    expect(await server.exited).toBe(0);
  } finally {
    server.child.kill("SIGKILL");
  }
});

test("a request that arrives while a render holds the server past its connection's grace is answered", async () => {
  const server = startServer();
  try {
    const port = Number((await server.line(/listening (\d+)/))[1]);
    // A connection whose request has not been sent, and a kept-alive one, idle after one answer.
    const silent = await silentConnection(port);
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await get(port, "/first", keepAlive);
    await server.line(/^connection 2$/m);

    // The drain gives each idle connection a second (DrainTimings.idleMs) to send a request.
    server.child.kill("SIGUSR1");
    await server.line(/^draining$/m);
    await new Promise<void>((resolve) => setTimeout(resolve, 400));
    // A render holds the event loop from 0.4 s to 1.3 s; the silent connection's request comes
    // meanwhile, before its second is up, and waits in the kernel while the grace runs out.
    const held = get(port, "/hold", keepAlive);
    await server.line(/^request \/hold$/m);
    silent.send();

    expect((await held).status).toBe(200);
    const raw = await silent.closed;
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(raw).toMatch(/answered \/late$/);
    expect(await server.exited).toBe(0);
    keepAlive.destroy();
  } finally {
    server.child.kill("SIGKILL");
  }
});
