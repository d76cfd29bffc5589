import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { createClient } from "~/platform/db/seed/factories.server";
import type { RealtimeEvent } from "~/platform/realtime/events";
import { latestEventId, stopRealtimeHub, subscribe } from "~/platform/realtime/hub.server";
import { publishRealtime, REALTIME_CHANNEL } from "~/platform/realtime/publish.server";
import { loader as eventsLoader } from "~/routes/api/events";
import { appRequest, signInCookie } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";

// The hub's LISTEN connection to PostgreSQL can die (a restart, a failover, an
// idle-connection killer). A NOTIFY sent while it is down is never heard, so
// after reconnecting the hub makes every open stream read what it missed
// (docs/decisions/0014-realtime-over-sse.md): here the connection is killed
// with pg_terminate_backend, an event is published while the hub cannot hear
// it, and the open stream still receives it, once.

const setup = useAuthTestSetup();
const PASSWORD = "Reconnect-Pass-123";

/** The backend holding the hub's LISTEN (its last statement was the LISTEN), or undefined. */
async function listenBackend(): Promise<number | undefined> {
  const result = await setup.db.execute<{ pid: number }>(sql`
    select pid from pg_stat_activity
    where datname = current_database() and query = ${`listen ${REALTIME_CHANNEL}`}
  `);
  expect(result.rows.length, "one LISTEN connection for the hub").toBeLessThanOrEqual(1);
  return result.rows[0]?.pid;
}

/** Polls until `check` returns a value (fails after `timeoutMs`). */
async function eventually<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Kills the hub's LISTEN connection and returns its pid once the hub has noticed (no LISTEN backend left). */
async function killListenConnection(): Promise<number> {
  const pid = await eventually("the hub's LISTEN connection", listenBackend);
  await setup.db.execute(sql`select pg_terminate_backend(${pid})`);
  await eventually("the LISTEN connection to be gone", async () =>
    (await listenBackend()) === undefined ? true : undefined,
  );
  return pid;
}

/** Reads Server-Sent Events from a response body as they arrive. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: { id?: string; event?: string; data: string }[] = [];
  let buffer = "";
  let isDone = false;
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split("\n")
            .filter((line) => line && !line.startsWith(":"))
            .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trimStart()]),
        );
        if (fields.data !== undefined) events.push({ id: fields.id, event: fields.event, data: fields.data });
      }
    }
  })().finally(() => (isDone = true));
  return {
    events,
    isDone: () => isDone,
    close: async () => {
      await reader.cancel().catch(() => {});
      await pump.catch(() => {});
    },
  };
}

describe("realtime after the hub's LISTEN connection is lost", () => {
  afterAll(async () => {
    await stopRealtimeHub();
  });

  test("an event published while the LISTEN connection is down reaches the open stream once it is back", async () => {
    const ana = await createClient(setup.db);
    const received: RealtimeEvent[] = [];
    const unsubscribe = await subscribe({
      userId: ana.id,
      lastId: await latestEventId(ana.id),
      send: (event) => received.push(event),
      resync: () => {
        throw new Error("no resync expected");
      },
    });
    // Live first: the hub hears announcements.
    await publishRealtime(setup.db, [ana.id], "notification-state", { ids: ["before"], status: "read" });
    await eventually("the live event", () => (received.length === 1 ? true : undefined));

    const killed = await killListenConnection();
    // Nobody listens now: this NOTIFY is lost; only the catch-up after the reconnect can bring it.
    await publishRealtime(setup.db, [ana.id], "notification-state", { ids: ["while-down"], status: "read" });
    expect(received).toHaveLength(1);

    await eventually("the event missed while the LISTEN connection was down", () =>
      received.length === 2 ? true : undefined,
    );
    const listening = await listenBackend();
    expect(listening, "a new LISTEN connection").toBeDefined();
    expect(listening).not.toBe(killed);

    // Live again over the new connection.
    await publishRealtime(setup.db, [ana.id], "notification-state", { ids: ["after"], status: "read" });
    await eventually("the event after the reconnect", () => (received.length === 3 ? true : undefined));
    // Nothing comes twice: one more event, committed last, arrives after all
    // of these (NOTIFYs reach the hub in commit order), and nothing before it.
    await publishRealtime(setup.db, [ana.id], "notification-state", { ids: ["last"], status: "read" });
    await eventually("the last event", () => (received.length >= 4 ? true : undefined));
    expect(received.map((event) => (event.payload as { ids: string[] }).ids[0])).toEqual([
      "before",
      "while-down",
      "after",
      "last",
    ]);
    unsubscribe();
  });

  test("the SSE response of /api/events carries the missed event after the reconnect, without a new request", async () => {
    const ben = await createClient(setup.db, { password: PASSWORD });
    const cookie = await signInCookie(ben.email, PASSWORD);
    const after = await latestEventId(ben.id);
    const request = appRequest(`/api/events?after=${after}`, { cookie, headers: { accept: "text/event-stream" } });
    const controller = new AbortController();
    const response = (await eventsLoader({
      request: new Request(request, { signal: controller.signal }),
      url: new URL(request.url),
      params: {},
      context: undefined,
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const stream = sseReader(response.body!);
    try {
      // Ben's read marks in conversation c1, published and committed; resolves to the event's id.
      const publishMarks = async (deliveredUpTo: number, readUpTo: number) => {
        await publishRealtime(setup.db, [ben.id], "message-marks", {
          conversationId: "c1",
          side: "a",
          deliveredUpTo,
          readUpTo,
        });
        return latestEventId(ben.id);
      };
      const live = await publishMarks(1, 0);
      await eventually("the live event on the stream", () => (stream.events.length === 1 ? true : undefined));

      await killListenConnection();
      const missed = await publishMarks(2, 2);
      await eventually("the missed event on the same response", () => (stream.events.length === 2 ? true : undefined));
      expect(stream.isDone(), "the response stayed open").toBe(false);
      const [, second] = stream.events;
      expect({ ...second, data: JSON.parse(second!.data) as unknown }).toEqual({
        id: String(missed),
        event: "message-marks",
        data: { conversationId: "c1", side: "a", deliveredUpTo: 2, readUpTo: 2 },
      });
      // Nothing comes twice: one more event, committed last, is the next one on
      // the stream (NOTIFYs reach the hub in commit order, and a stream writes
      // its events in the order the hub hands them over).
      const last = await publishMarks(3, 3);
      await eventually("the last event on the stream", () => (stream.events.length >= 3 ? true : undefined));
      expect(stream.events.map((event) => event.id)).toEqual([live, missed, last].map(String));
    } finally {
      controller.abort();
      await stream.close();
    }
  });
});
