import { constants } from "node:zlib";
import compression from "compression";

// Responses are compressed as the browser asks: Brotli where it may (every current browser), else gzip
// (docs/decisions/0057-what-a-signed-in-page-costs.md). Brotli's window is its encoder's memory: at zlib's
// default (22 bits, 4 MB) each response set up an encoder with megabytes for a page of 40 to 300 KB, and a
// signed-in page cost about 20 ms more of the server's CPU compressed than sent as it is (gzip about 1 ms, an
// 18-bit window about 3). A 256 KB window holds a whole page of ours, so the compressed bytes are the same.

/** Brotli's window, in bits: 2^18 bytes, 256 KB. */
export const BROTLI_WINDOW_BITS = 18;

/** The compression middleware of every response but Server-Sent Events, written as they happen. */
export function compressResponses() {
  return compression({
    brotli: { params: { [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } },
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  });
}
