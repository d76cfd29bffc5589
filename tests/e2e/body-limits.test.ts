import { HOST_MAX_BODY_BYTES, LINGER_BYTES } from "../../server/body-limits";
import { rawPost } from "../support/raw-post";
import { expect, test } from "./fixtures";

// Bodies sent chunked (no length announced) to form actions of the production
// server: the action's own limit (app/utils/form-data.server.ts, 64 KB for a
// form) answers 413 with its page, the host's limit (server/body-limits.ts)
// ends a body that goes on past HOST_MAX_BODY_BYTES, and the connection is
// never reset before the answer. Bodies with a length are refused from their
// headers (tests/integration/host-body-limits.test.ts).

const MB = 1024 * 1024;
/**
 * The most a client can have written when it reads the answer: the server reads a refused body
 * past its limit for a while (so that no reset overtakes the answer) and cuts off a client still
 * sending LINGER_BYTES after that; the sockets' buffers hold a few MB more. How much of that a
 * client sends depends on how soon it reads the answer: on a busy machine, late.
 */
const MOST_SENT = HOST_MAX_BODY_BYTES + LINGER_BYTES + 8 * MB;

test.describe.configure({ timeout: 120_000 });

test("a chunked body past a form's limit is answered 413, not cut off", async () => {
  const origin = test.info().project.use.baseURL!;
  for (const path of ["/newsletter", "/contact", "/register"]) {
    const answer = await rawPost(`${origin}${path}`, 64 * MB, { chunked: true });
    expect(answer.error, path).toBeUndefined();
    expect(answer.status, path).toBe(413);
    // Answered once a limit was passed, before the 64 MB were all sent.
    expect(answer.sentBytes, path).toBeLessThan(MOST_SENT);
  }
});

test("four parallel 200 MB chunked posts are all answered 413, and the server goes on", async ({ request }) => {
  const origin = test.info().project.use.baseURL!;
  const answers = await Promise.all(
    ["/newsletter", "/newsletter", "/contact", "/forgot-password"].map((path) =>
      rawPost(`${origin}${path}`, 200 * MB, { chunked: true }),
    ),
  );
  expect(answers.map((answer) => answer.error ?? answer.status)).toEqual([413, 413, 413, 413]);
  expect(Math.max(...answers.map((answer) => answer.sentBytes))).toBeLessThan(MOST_SENT);
  expect((await request.get("/healthz")).status()).toBe(200);
});
