import { readFileSync } from "node:fs";
import { HOST_MAX_BODY_BYTES, LINGER_BYTES } from "../../server/body-limits";
import { rawPost } from "../support/raw-post";
import { expect, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Bodies sent chunked (no length announced) to form actions of the production
// server: the action's own limit (app/utils/form-data.server.ts, 64 KB for a
// form) answers 413 with its page, the host's limit (server/body-limits.ts)
// ends a body that goes on past HOST_MAX_BODY_BYTES, and the connection is
// never reset before the answer. Bodies with a length are refused from their
// headers (tests/integration/host-body-limits.test.ts).

const MB = 1024 * 1024;

/** A Linux TCP buffer limit's largest value (the third of tcp_rmem's or tcp_wmem's). */
function mostOf(name: "tcp_rmem" | "tcp_wmem"): number {
  return Number(readFileSync(`/proc/sys/net/ipv4/${name}`, "utf8").trim().split(/\s+/)[2]);
}

/** The most the kernel's socket buffers can hold (the receiver's and the sender's), 8 MB where that cannot be read. */
function socketBufferBytes(): number {
  try {
    const total = mostOf("tcp_rmem") + mostOf("tcp_wmem");
    return Number.isFinite(total) ? total : 8 * MB;
  } catch {
    return 8 * MB;
  }
}

/**
 * The most a client can have written when it reads the answer: the server reads a refused body
 * past its limit for a while (so that no reset overtakes the answer) and stops reading LINGER_BYTES
 * after that, holding the client's writes back; the sockets' buffers then hold what the kernel
 * allows (36 MB with tcp_rmem at 32 MB and tcp_wmem at 4 MB), and the client's own buffer a chunk more.
 */
const MOST_SENT = HOST_MAX_BODY_BYTES + LINGER_BYTES + socketBufferBytes() + MB;
/** A body larger than that, so that "answered before all of it was sent" means something. */
const LARGE_BODY = Math.ceil((MOST_SENT * 1.5) / MB) * MB;

test.describe.configure({ timeout: TIMEOUTS.journey });

test("a chunked body past a form's limit is answered 413, not cut off", async () => {
  const origin = test.info().project.use.baseURL!;
  for (const path of ["/newsletter", "/contact", "/register"]) {
    const answer = await rawPost(`${origin}${path}`, LARGE_BODY, { chunked: true });
    expect(answer.error, path).toBeUndefined();
    expect(answer.status, path).toBe(413);
    // Answered once a limit was passed, long before all of it was sent.
    expect(answer.sentBytes, path).toBeLessThan(MOST_SENT);
  }
});

test("four parallel chunked posts of 200 MB or more are all answered 413, and the server goes on", async ({
  request,
}) => {
  const origin = test.info().project.use.baseURL!;
  const answers = await Promise.all(
    ["/newsletter", "/newsletter", "/contact", "/forgot-password"].map((path) =>
      rawPost(`${origin}${path}`, Math.max(200 * MB, LARGE_BODY), { chunked: true }),
    ),
  );
  expect(answers.map((answer) => answer.error ?? answer.status)).toEqual([413, 413, 413, 413]);
  expect(Math.max(...answers.map((answer) => answer.sentBytes))).toBeLessThan(MOST_SENT);
  expect((await request.get("/healthz")).status()).toBe(200);
});
