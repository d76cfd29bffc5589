import { randomUUID } from "node:crypto";
import http from "node:http";
import type { APIRequestContext } from "@playwright/test";
import { and, eq, sql } from "drizzle-orm";
import { conversations, messages, visits } from "~/platform/db/schema";
import { STREAM_CAPS } from "~/platform/realtime/stream-caps";
import { e2eDatabase } from "./e2e-database";
import { newClient, sessionCookieFor } from "./sessions";
import { expect, signIn, test } from "./fixtures";
import { visitStartingSoon } from "./visit-helpers";

// Limits replayed as an attacker would, over plain HTTP with a caregiver's or a family's own session
// (docs/product-rules.md, "Visits", "Messages" and "Live updates"): guessing the family's code, flooding
// a conversation, holding live streams without end, and paths that cannot be decoded.

let contextCounter = 0;

async function sessionOf(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  email: string,
) {
  contextCounter += 1;
  const baseURL = test.info().project.use.baseURL!;
  const context = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      "X-Forwarded-For": `10.249.${test.info().workerIndex % 250}.${contextCounter % 250}`,
      origin: baseURL,
    },
  });
  await signIn({ request: context }, email);
  return context;
}

test("guessing the family's code stops at the fifth wrong one, and then even the right one is refused", async ({
  playwright,
}) => {
  const care = await visitStartingSoon({ lastName: "Guesser" });
  const caregiver = await sessionOf(playwright, care.caregiver.email);
  const press = (code: string) =>
    caregiver.post(`/caregiver/visits/${care.visit.id}/check`, {
      form: {
        event: JSON.stringify({
          kind: "check_in",
          clientEventId: randomUUID(),
          occurredAt: new Date().toISOString(),
          verification: { method: "code", code },
        }),
      },
      maxRedirects: 0,
    });
  const answers: string[] = [];
  for (let guess = 0; guess < 12; guess += 1) {
    const code = String(100_000 + guess * 104_729).slice(0, 6);
    if (code === care.visit.familyCode) continue;
    const response = await press(code);
    const body = (await response.json()) as { reason?: string };
    answers.push(`${response.status()} ${body.reason}`);
  }
  expect(answers.slice(0, 5)).toEqual([
    "400 wrong-code",
    "400 wrong-code",
    "400 wrong-code",
    "400 wrong-code",
    "409 code-closed",
  ]);
  expect(new Set(answers.slice(5))).toEqual(new Set(["409 code-closed"]));
  const right = await press(care.visit.familyCode);
  expect(right.status()).toBe(409);
  expect(((await right.json()) as { reason?: string }).reason).toBe("code-closed");
  const [visit] = await e2eDatabase().select().from(visits).where(eq(visits.id, care.visit.id));
  expect(visit!.status).toBe("scheduled");
  await caregiver.dispose();
});

test("a flood of messages stops at twenty a minute, each refusal a 429 that says when", async ({ playwright }) => {
  const care = await visitStartingSoon({ lastName: "Flooder" });
  const [conversation] = await e2eDatabase()
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userAId, care.client.id), eq(conversations.kind, "care")));
  const family = await sessionOf(playwright, care.client.email);
  const statuses: number[] = [];
  const retryAfter: string[] = [];
  for (let index = 1; index <= 25; index += 1) {
    const response = await family.post("/api/messages", {
      form: {
        intent: "send",
        as: "client",
        conversationId: conversation!.id,
        clientKey: randomUUID(),
        body: `Flood ${index}`,
      },
      maxRedirects: 0,
    });
    statuses.push(response.status());
    if (response.status() === 429) {
      retryAfter.push(response.headers()["retry-after"] ?? "");
      expect(await response.json()).toMatchObject({ ok: false, reason: "too-fast", retryAt: expect.any(String) });
    }
  }
  expect(statuses).toEqual([...Array.from({ length: 20 }, () => 200), ...Array.from({ length: 5 }, () => 429)]);
  for (const seconds of retryAfter) expect(Number(seconds)).toBeGreaterThanOrEqual(1);
  for (const seconds of retryAfter) expect(Number(seconds)).toBeLessThanOrEqual(60);
  const stored = await e2eDatabase()
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversation!.id));
  expect(stored).toHaveLength(20);
  await family.dispose();
});

test("a path that cannot be decoded is a plain 400", async ({ request }) => {
  const response = await request.get("/%C0%AE%C0%AE/");
  expect(response.status()).toBe(400);
  expect(await response.text()).toBe("Bad request.");
});

/** A live stream opened over plain HTTP; `text` grows as it arrives, `ended` resolves when the server ends it. */
function openLiveStream(cookie: string) {
  const baseURL = test.info().project.use.baseURL!;
  const stream = { text: "", ended: undefined as unknown as Promise<void>, close: () => undefined as void };
  stream.ended = new Promise<void>((resolve, reject) => {
    const request = http.get(
      `${baseURL}/api/events?after=0`,
      { headers: { cookie, accept: "text/event-stream" } },
      (response) => {
        expect(response.statusCode).toBe(200);
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          stream.text += chunk;
        });
        response.on("end", () => resolve());
        response.on("error", () => resolve());
      },
    );
    request.on("error", reject);
    stream.close = () => void request.destroy();
  });
  return stream;
}

async function liveStreamsOf(userId: string) {
  const result = await e2eDatabase().execute<{ n: number }>(
    sql`select count(*)::int as n from live_streams where user_id = ${userId}`,
  );
  return result.rows[0]!.n;
}

test("streams past the cap of one sign-in: the oldest are ended with a word not to reconnect", async () => {
  const client = await newClient({ lastName: "Streamer" });
  const cookie = await sessionCookieFor(client.id);
  const extra = 4;
  const streams: ReturnType<typeof openLiveStream>[] = [];
  for (let index = 0; index < STREAM_CAPS.perSession + extra; index += 1) {
    const stream = openLiveStream(cookie);
    streams.push(stream);
    // Opened one after another, each admitted before the next, so that which are the oldest is known:
    // counted while within the cap, then closing the oldest still open.
    if (index < STREAM_CAPS.perSession) await expect.poll(() => liveStreamsOf(client.id)).toBe(index + 1);
    else await expect.poll(() => streams[index - STREAM_CAPS.perSession]!.text).toContain("event: superseded");
  }
  const [oldest, newest] = [streams.slice(0, extra), streams.slice(extra)];
  await Promise.all(oldest.map((stream) => stream.ended));
  for (const stream of newest) expect(stream.text).not.toContain("superseded");
  for (const stream of newest) stream.close();
});
