import type { Request, RequestHandler, Response } from "express";

/**
 * The largest body the host lets through to React Router. Each action then
 * applies its own, smaller limit with readForm() (app/utils/form-data.server.ts):
 * 64 KB for a form, UPLOAD_MAX_BYTES (10 MB and the form) where a file is
 * uploaded. The room above that lets a file somewhat over 10 MB still reach
 * its form, which says so beside the field; anything larger is refused here.
 */
export const HOST_MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * After refusing a streamed body: how much more of it is read and dropped (past that the server
 * stops reading, so that TCP holds the client back), and how long before the connection is cut.
 */
const LINGER_MS = 5000;
export const LINGER_BYTES = 16 * 1024 * 1024;

function refuse(res: Response, maxBytes: number) {
  if (res.headersSent) return;
  res
    .status(413)
    .set("Cache-Control", "no-store")
    .type("text/plain")
    .send(`The request is too large: at most ${Math.floor(maxBytes / (1024 * 1024))} MB is accepted.`);
}

/**
 * React Router's Node adapter starts reading every body into a stream, and
 * stops (pauses the request) once its buffer is full. When the answer goes
 * out before the action reads the rest (a 405, a guard's redirect, a refused
 * form), Node does not drain such a request, and the kept-alive connection
 * stalls until it times out. Read the rest off the wire instead, dropping it.
 */
function drainUnreadBody(req: Request, keep?: (...args: never[]) => void) {
  if (req.complete) return;
  for (const listener of req.listeners("data")) if (listener !== keep) req.off("data", listener as never);
  req.resume();
}

export function bodyLimit(maxBytes = HOST_MAX_BODY_BYTES): RequestHandler {
  return (req, res, next) => {
    // Node's HTTP parser has already refused a malformed Content-Length.
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      if (Number(declared) > maxBytes) return refuse(res, maxBytes);
      res.once("finish", () => drainUnreadBody(req));
      return next();
    }
    if (req.headers["transfer-encoding"] === undefined) return next();

    // A streamed (chunked) body announces no length: count it as it arrives.
    // The stream is paused first, so that this listener does not start the
    // flow before React Router's own reader is attached; both see every chunk.
    let received = 0;
    let refusedAt: number | undefined;
    let isHeldBack = false;
    req.pause();
    const count = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received <= maxBytes) return;
      if (refusedAt === undefined) {
        refusedAt = received;
        // Every action's own limit is below this one, so no action still
        // reads this body: answer now (unless the action already has), and
        // read and drop what the client sends until it stops at the answer.
        // Closing at once would close the socket with unread data, which sends
        // a reset that can reach the client before the answer does.
        refuse(res, maxBytes);
        const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
        timer.unref();
        req.once("end", () => clearTimeout(timer));
        req.socket.once("close", () => clearTimeout(timer));
      }
      // A client that goes on sending well past the answer is no longer read: its writes wait
      // until it reads the answer and stops, or until the timer above cuts it off. Cutting it off
      // here would send a reset, and a client too busy to have read the answer yet would lose it.
      if (received - refusedAt > LINGER_BYTES && !isHeldBack) {
        isHeldBack = true;
        req.pause();
      }
    };
    req.on("data", count);
    res.once("finish", () => {
      if (!isHeldBack) drainUnreadBody(req, count);
    });
    next();
  };
}
