import { once } from "node:events";
import http from "node:http";

// A POST written by hand, for the host's body limits (server/body-limits.ts):
// `totalBytes` of form data in 64 KB writes, chunked or with its length
// announced, stopping as soon as an answer arrives. fetch() would buffer or
// refuse these bodies; this shows what the server does with them on the wire.

export type RawAnswer = { status?: number; body?: string; sentBytes: number; error?: string };

export function rawPost(url: string, totalBytes: number, { chunked }: { chunked: boolean }): Promise<RawAnswer> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const origin = new URL(url).origin;
  return new Promise((resolve) => {
    let sentBytes = 0;
    // Set by the response handler while the writing loop below awaits.
    const state = { answered: false };
    const request = http.request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin,
        ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(totalBytes) }),
      },
    });
    request.on("response", (response) => {
      state.answered = true;
      let body = "";
      response.setEncoding("utf8").on("data", (text: string) => (body += text));
      const done = () => resolve({ status: response.statusCode, body, sentBytes });
      response.on("end", done);
      response.on("error", done);
    });
    // After the answer the server may close the connection on the rest of the body: expected.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!state.answered) resolve({ error: error.code ?? error.message, sentBytes });
    });
    void (async () => {
      while (!state.answered && !request.destroyed && sentBytes < totalBytes) {
        const isFlowing = request.write(chunk);
        sentBytes += chunk.byteLength;
        if (!isFlowing) {
          // Whichever comes first; the other's listener is removed.
          const waiting = new AbortController();
          const { signal } = waiting;
          await Promise.race([once(request, "drain", { signal }), once(request, "close", { signal })]).catch(
            () => undefined,
          );
          waiting.abort();
        }
      }
      if (!request.destroyed) request.end();
    })();
  });
}
