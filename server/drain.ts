import type { IncomingMessage, Server, ServerResponse } from "node:http";

// Draining the HTTP server at a stop (docs/decisions/0017-start-and-stop.md):
// no new connections, idle keep-alive connections closed at once, requests in
// flight finish (their connections close after them), and whatever is left at
// the limit is cut.

export type DrainResult = {
  /** Requests in flight when the drain began. */
  inFlight: number;
  /** Connections still open at the limit, cut. */
  cut: number;
};

export type Drainer = {
  /** Stops taking connections and waits for the requests in flight, at most `timeoutMs`. */
  drain: (timeoutMs: number) => Promise<DrainResult>;
  /** Ends the drain now: every connection left is cut. */
  cutNow: () => void;
};

/** Starts following `server`'s requests; call before it takes any. */
export function trackRequests(server: Server): Drainer {
  const open = new Set<ServerResponse>();
  let isDraining = false;
  let cutNow: (() => void) | undefined;

  // A keep-alive connection whose response just ended is idle: closed during a drain.
  const closeIdleSoon = () => setImmediate(() => server.closeIdleConnections());

  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    // A request that arrived on a kept-alive connection as the drain began is served, as its connection's last.
    if (isDraining) res.setHeader("Connection", "close");
    res.once("close", () => {
      open.delete(res);
      if (isDraining) closeIdleSoon();
    });
  });

  return {
    drain: (timeoutMs) => {
      isDraining = true;
      const inFlight = open.size;
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
      return new Promise<DrainResult>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        let cut = 0;
        const finish = () => {
          clearTimeout(timer);
          resolve({ inFlight, cut });
        };
        cutNow = () => {
          clearTimeout(timer);
          cut = open.size;
          server.closeAllConnections();
        };
        // close() also closes the idle connections (Node 19 and later); its callback waits for the rest.
        server.close(finish);
        timer = setTimeout(() => cutNow?.(), timeoutMs);
        timer.unref();
      });
    },
    cutNow: () => cutNow?.(),
  };
}
