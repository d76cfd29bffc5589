import { afterAll, beforeAll, expect, test } from "vitest";
import { disconnectDatabase } from "~/platform/db/client.server";
import { startServer } from "../../server/app";
import { HOST_MAX_BODY_BYTES } from "../../server/body-limits";
import { cloneTemplate } from "./db";
import { freePort } from "../support/free-ports";
import { rawPost } from "../support/raw-post";
import { createDataDir, randomSecret, useTestEnv } from "./env";

// The HTTP host's own body limit (server/body-limits.ts), before any action
// parses anything: a body that announces more than HOST_MAX_BODY_BYTES is
// answered 413 with a message from its headers, and the server never holds
// it in memory. Refused bodies never reach React Router, so no production
// build is needed here; chunked bodies, which do reach the actions, are
// tested against the production server (tests/e2e/body-limits.test.ts).

let clone: Awaited<ReturnType<typeof cloneTemplate>>;
let running: Awaited<ReturnType<typeof startServer>>;
let baseUrl: string;
let removeDataDir: () => Promise<void>;

beforeAll(async () => {
  clone = await cloneTemplate();
  const data = await createDataDir();
  removeDataDir = data.remove;
  await disconnectDatabase();
  const env = useTestEnv({
    NODE_ENV: "production",
    DATABASE_URL: clone.url,
    AUTH_SECRET: randomSecret(),
    DATA_DIR: data.dir,
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    JOB_POLL_INTERVAL_MS: "0",
  });
  running = await startServer({ quiet: true });
  baseUrl = env.appUrl;
});

afterAll(async () => {
  await running?.stop();
  await clone?.drop();
  await removeDataDir?.();
});

const MB = 1024 * 1024;

test("a 50 MB body with its length is refused 413 before it is read", async () => {
  const answer = await rawPost(`${baseUrl}/newsletter`, 50 * MB, { chunked: false });
  expect(answer).toMatchObject({ status: 413 });
  expect(answer.body).toBe(`The request is too large: at most ${HOST_MAX_BODY_BYTES / MB} MB is accepted.`);
  // Answered from the headers: far less than the body went out.
  expect(answer.sentBytes).toBeLessThan(10 * MB);
});

test("four parallel 200 MB posts with their length are all refused without the server holding them", async () => {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const answers = await Promise.all(
      ["/newsletter", "/newsletter", "/contact", "/register"].map((path) =>
        rawPost(`${baseUrl}${path}`, 200 * MB, { chunked: false }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413]);
  } finally {
    clearInterval(sampler);
  }
  // The 800 MB announced never sat in memory (this process is both client and server).
  expect(peak - before).toBeLessThan(150 * MB);
  // And the server still answers.
  expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
});
