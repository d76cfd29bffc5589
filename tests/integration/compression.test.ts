import { request, type Server } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BROTLI_WINDOW_BITS, compressResponses } from "../../server/compression";

// The server's compression (server/compression.ts, docs/decisions/0057-what-a-signed-in-page-costs.md):
// Brotli for a browser that takes it, with a window of BROTLI_WINDOW_BITS rather than zlib's 4 MB default, and no
// compression of Server-Sent Events.

const PAGE = `<!DOCTYPE html><html><body>${"<p>Today's visits</p>".repeat(4000)}</body></html>`;
// What Chromium sends.
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(compressResponses());
  app.get("/page", (_req, res) => void res.type("html").send(PAGE));
  app.get("/events", (_req, res) => {
    res.type("text/event-stream");
    res.end(`data: ${"x".repeat(4000)}\n\n`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The raw answer: fetch would decode it. */
function get(path: string, acceptEncoding: string) {
  return new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
    request({ host: "127.0.0.1", port, path, headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** The window a Brotli stream declares in its first bits (RFC 7932, section 9.1). */
function windowBits(stream: Buffer): number {
  const first = stream[0]!;
  if ((first & 1) === 0) return 16;
  const n = (first >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (first >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

test("a browser's page comes in Brotli with a 256 KB window, and decodes to the page", async () => {
  const { encoding, body } = await get("/page", BROWSER_ENCODINGS);
  expect(encoding).toBe("br");
  expect(BROTLI_WINDOW_BITS).toBe(18);
  expect(windowBits(body)).toBe(BROTLI_WINDOW_BITS);
  expect(brotliDecompressSync(body).toString()).toBe(PAGE);
  expect(body.length).toBeLessThan(PAGE.length / 20);
});

test("gzip where Brotli is not taken, nothing where nothing is", async () => {
  expect((await get("/page", "gzip")).encoding).toBe("gzip");
  const plain = await get("/page", "identity");
  expect(plain.encoding).toBeUndefined();
  expect(plain.body.toString()).toBe(PAGE);
});

test("Server-Sent Events are never compressed: they are written as they happen", async () => {
  const { encoding } = await get("/events", BROWSER_ENCODINGS);
  expect(encoding).toBeUndefined();
});
