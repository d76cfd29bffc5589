import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";

// Draining the HTTP server at a stop (docs/decisions/0017-start-and-stop.md).
// Every connection the server has taken is answered: requests in flight
// finish, and so does a request arriving on a connection that has none yet
// (just accepted, or kept alive after a response), each answered with
// `Connection: close`. For a moment the server keeps accepting, so that the
// connections waiting in the kernel's listen queue are taken and answered
// rather than reset when the listening socket closes (it stops in a quiet
// moment, after a poll for I/O that took no connection and served nothing long:
// Node takes one waiting connection per turn of its event loop, and a poll that
// ran a render let connections queue meanwhile); then it stops accepting,
// and connections that send nothing within a grace are closed. Whatever is
// left at the limit is cut.

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

export type DrainTimings = {
  /**
   * How long the server keeps accepting once the drain begins, and after each connection taken
   * meanwhile (at most `acceptMaxMs` in all): it stops in a quiet moment, with the listen queue empty.
   */
  acceptMs: number;
  acceptMaxMs: number;
  /** How long a connection with no request in progress may take to send one before it is closed. */
  idleMs: number;
};

const DRAIN_TIMINGS: DrainTimings = { acceptMs: 100, acceptMaxMs: 3000, idleMs: 1000 };

/**
 * A poll for I/O that took longer than this served requests: connections may have come into the listen
 * queue meanwhile, so the listener stays open for one more poll.
 */
const BUSY_POLL_MS = 2;

/** After our FIN, how long a client may take to close its side before the socket is destroyed. */
const CLOSE_WAIT_MS = 1000;

type Connection = { active: number; idleTimer?: NodeJS.Timeout };

/** Starts following `server`'s connections and requests; call before it takes any. */
export function trackRequests(server: Server, timings: DrainTimings = DRAIN_TIMINGS): Drainer {
  const open = new Set<ServerResponse>();
  const connections = new Map<Socket, Connection>();
  let isDraining = false;
  let cutNow: (() => void) | undefined;
  /** While the drain still accepts: a connection taken puts the end of accepting off. */
  let onConnectionWhileAccepting: (() => void) | undefined;

  /**
   * During a drain: a connection with no request in progress gets `idleMs` to send one, then is closed.
   * The grace is judged after the event loop's next poll for I/O: it may have run out while a render
   * held the loop, and a request sent meanwhile waits in the kernel until that poll reads it. A
   * connection that sent part of a request in its grace gets another.
   */
  const closeWhenIdle = (socket: Socket) => {
    const connection = connections.get(socket);
    if (!connection || connection.active > 0 || connection.idleTimer) return;
    const bytesReadBefore = socket.bytesRead;
    const grace = setTimeout(() => {
      setImmediate(() => {
        // A request came meanwhile (its arrival clears the grace; it may have gone, leaving a grace of its own).
        if (connection.idleTimer !== grace) return;
        connection.idleTimer = undefined;
        if (socket.bytesRead > bytesReadBefore) {
          closeWhenIdle(socket);
          return;
        }
        socket.end();
        setTimeout(() => socket.destroy(), CLOSE_WAIT_MS).unref();
      });
    }, timings.idleMs);
    grace.unref();
    connection.idleTimer = grace;
  };

  server.on("connection", (socket: Socket) => {
    connections.set(socket, { active: 0 });
    socket.once("close", () => {
      clearTimeout(connections.get(socket)?.idleTimer);
      connections.delete(socket);
    });
    if (isDraining) {
      closeWhenIdle(socket);
      onConnectionWhileAccepting?.();
    }
  });

  // Before the app's own listener, which may answer at once.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    const connection = connections.get(req.socket);
    if (connection) {
      connection.active += 1;
      clearTimeout(connection.idleTimer);
      connection.idleTimer = undefined;
    }
    // A request arriving as the server drains is served, as its connection's last.
    if (isDraining && !res.headersSent) res.setHeader("Connection", "close");
    res.once("close", () => {
      open.delete(res);
      if (connection) connection.active -= 1;
      if (isDraining) closeWhenIdle(req.socket);
    });
  });

  return {
    drain: (timeoutMs) => {
      isDraining = true;
      const inFlight = open.size;
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
      for (const socket of connections.keys()) closeWhenIdle(socket);
      return new Promise<DrainResult>((resolve) => {
        let cut = 0;
        let isAccepting = true;
        const acceptUntil = Date.now() + timings.acceptMaxMs;
        const stopAccepting = () => {
          clearTimeout(accepting);
          if (!isAccepting) return;
          isAccepting = false;
          onConnectionWhileAccepting = undefined;
          // net.Server's close, not http.Server's: that one would also destroy every connection with
          // no request in progress, among them those just accepted whose request is on its way.
          net.Server.prototype.close.call(server, () => {
            clearTimeout(limit);
            resolve({ inFlight, cut });
          });
        };
        // Closed after a poll for I/O (setImmediate) that took no connection: Node takes one waiting
        // connection per turn of its event loop, so a poll that took one may have left others in the
        // listen queue (the wait for more starts again), and a busy process may not have polled since
        // they came. A poll that was itself busy (it ran requests' handlers) is followed by another,
        // until one is quick and takes none, or the time to accept is up.
        let taken = 0;
        const stopAcceptingAfterPoll = () => {
          const armedAt = performance.now();
          const takenBefore = taken;
          setImmediate(() => {
            if (!isAccepting) return;
            const wasBusy = performance.now() - armedAt > BUSY_POLL_MS;
            if (Date.now() >= acceptUntil) stopAccepting();
            // A connection taken put the end of accepting off (onConnectionWhileAccepting).
            else if (taken !== takenBefore) return;
            else if (wasBusy) stopAcceptingAfterPoll();
            else stopAccepting();
          });
        };
        let accepting = setTimeout(stopAcceptingAfterPoll, timings.acceptMs);
        onConnectionWhileAccepting = () => {
          taken += 1;
          clearTimeout(accepting);
          accepting = setTimeout(
            stopAcceptingAfterPoll,
            Math.max(0, Math.min(timings.acceptMs, acceptUntil - Date.now())),
          );
        };
        cutNow = () => {
          clearTimeout(limit);
          stopAccepting();
          cut = open.size;
          server.closeAllConnections();
        };
        const limit = setTimeout(() => cutNow?.(), timeoutMs);
        limit.unref();
      });
    },
    cutNow: () => cutNow?.(),
  };
}
