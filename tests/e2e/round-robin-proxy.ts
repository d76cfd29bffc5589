import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

// A tiny load balancer for the multi-process tests: one address in front of
// several Tendly processes, forwarding each request to the next process in
// turn (or to the one a test pins with BACKEND_HEADER) and streaming every
// answer through as it comes, without buffering, as nginx with
// `X-Accel-Buffering: no` would. It keeps a log of what went where and the
// realtime streams (GET /api/events) it carries, and can cut those streams as
// a lost network would.
//
// Each process has its own address as APP_URL, so the proxy presents every
// request as sent to that process (Host, and Origin when it is the proxy's or
// a process's own): what a deployment gets by giving every process the public
// address as APP_URL.

/** A request header pinning the request to one process (its index); removed before forwarding. */
export const BACKEND_HEADER = "x-test-backend";

export type ProxiedRequest = {
  method: string;
  path: string;
  backend: number;
  /** The start of the request's body (a form's fields), as text. */
  body: string;
};

export type ProxiedStream = {
  backend: number;
  /** The Last-Event-ID the browser resumed from (an EventSource reconnecting), if any. */
  lastEventId: string | undefined;
  /** The event the page asked to start after (`after`), when it opened the stream itself. */
  after: string | undefined;
  /** The events the stream carried, in order. */
  events: { id?: string; event?: string }[];
  isOpen: boolean;
};

export type RoundRobinProxy = {
  url: string;
  requests: ProxiedRequest[];
  streams: ProxiedStream[];
  /** How many realtime streams are open (on one process, given its index). */
  openStreams: (backend?: number) => number;
  /** Cuts every open realtime stream: both the browser's connection and the process's. */
  dropStreams: () => void;
  /** Sends the next realtime streams to this process; null: in turn like every other request. */
  streamsTo: (backend: number | null) => void;
  stop: () => Promise<void>;
};

function parseEvents(stream: ProxiedStream, text: string) {
  const blocks = text.split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    const event: { id?: string; event?: string } = {};
    let hasData = false;
    for (const line of block.split("\n")) {
      if (line.startsWith("id:")) event.id = line.slice(3).trim();
      else if (line.startsWith("event:")) event.event = line.slice(6).trim();
      else if (line.startsWith("data:")) hasData = true;
    }
    if (hasData) stream.events.push(event);
  }
  return rest;
}

export async function startRoundRobinProxy(backends: readonly string[]): Promise<RoundRobinProxy> {
  const origins = backends.map((backend) => new URL(backend).origin);
  const requests: ProxiedRequest[] = [];
  const streams: ProxiedStream[] = [];
  const cuts = new Set<() => void>();
  const sockets = new Set<Socket>();
  let next = 0;
  let streamBackend: number | null = null;
  let proxyOrigin = "";

  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    const isStream = req.method === "GET" && path.startsWith("/api/events");
    const pinned = req.headers[BACKEND_HEADER];
    const backend =
      typeof pinned === "string"
        ? Number(pinned)
        : isStream && streamBackend !== null
          ? streamBackend
          : next++ % backends.length;
    const target = new URL(origins[backend]!);
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: target.host };
    delete headers[BACKEND_HEADER];
    if (typeof headers.origin === "string" && [proxyOrigin, ...origins].includes(headers.origin))
      headers.origin = target.origin;
    if (typeof headers.referer === "string" && headers.referer.startsWith(`${proxyOrigin}/`))
      headers.referer = `${target.origin}${headers.referer.slice(proxyOrigin.length)}`;
    const logged: ProxiedRequest = { method: req.method ?? "GET", path, backend, body: "" };
    requests.push(logged);
    req.on("data", (chunk: Buffer) => {
      if (logged.body.length < 4096) logged.body += chunk.toString("utf8");
    });

    const upstream = http.request(
      { hostname: target.hostname, port: target.port, method: req.method, path, headers, agent: false },
      (response) => {
        const answer = { ...response.headers };
        delete answer.connection;
        delete answer["keep-alive"];
        if (typeof answer.location === "string" && answer.location.startsWith(`${target.origin}/`))
          answer.location = `${proxyOrigin}${answer.location.slice(target.origin.length)}`;
        res.writeHead(response.statusCode ?? 502, answer);
        if (isStream && response.statusCode === 200) {
          res.flushHeaders();
          const stream: ProxiedStream = {
            backend,
            lastEventId: req.headers["last-event-id"] as string | undefined,
            after: new URL(path, proxyOrigin).searchParams.get("after") ?? undefined,
            events: [],
            isOpen: true,
          };
          streams.push(stream);
          let buffer = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (buffer = parseEvents(stream, buffer + chunk)));
          const cut = () => {
            res.destroy();
            upstream.destroy();
          };
          cuts.add(cut);
          res.on("close", () => {
            stream.isOpen = false;
            cuts.delete(cut);
          });
        }
        response.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end("Bad gateway");
      else res.destroy();
    });
    // The browser went away (or the stream was cut): so does the request to the process.
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  proxyOrigin = `http://127.0.0.1:${port}`;

  return {
    url: proxyOrigin,
    requests,
    streams,
    openStreams: (backend) =>
      streams.filter((stream) => stream.isOpen && (backend === undefined || stream.backend === backend)).length,
    dropStreams: () => {
      for (const cut of cuts) cut();
    },
    streamsTo: (backend) => {
      streamBackend = backend;
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
