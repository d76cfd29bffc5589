import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient } from "~/db/seed/factories.server";
import { createNotificationForTest } from "./notifications-helpers";
import type { RealtimeEvent } from "~/realtime/events";
import { eventsAfter, latestEventId, REPLAY_LIMIT, stopRealtimeHub, subscribe } from "~/realtime/hub.server";
import { publishRealtime } from "~/realtime/publish.server";
import { createTestDatabase, type TestDatabase } from "./db";

// The realtime stream's server side (docs/decisions/0014-realtime-over-sse.md):
// events reach this process's streams through NOTIFY at commit, a stream
// resuming from an id gets exactly what it missed, and nothing of a rolled-back
// transaction is ever sent.

function collector(userId: string, lastId = 0) {
  const received: RealtimeEvent[] = [];
  let resyncs = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    received,
    resyncs: () => resyncs,
    subscriber: {
      userId,
      lastId,
      send: (event: RealtimeEvent) => {
        received.push(event);
        for (const waiter of waiters.filter((entry) => received.length >= entry.count)) waiter.resolve();
      },
      resync: () => {
        resyncs += 1;
      },
    },
    /** Resolves once `count` events have arrived (fails the test after 5 s). */
    waitFor: (count: number) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`${received.length} of ${count} events arrived`)), 5000);
            waiters.push({
              count,
              resolve: () => {
                clearTimeout(timer);
                resolve();
              },
            });
          }),
  };
}

describe("realtime events", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase({ poolSize: 6 });
  });
  afterAll(async () => {
    await stopRealtimeHub();
    await testDb?.drop();
  });

  test("an event published in a transaction reaches the user's open streams at commit, and only theirs", async () => {
    const [ana, ben] = [await createClient(testDb.db), await createClient(testDb.db)];
    const anaTab1 = collector(ana.id, await latestEventId(ana.id));
    const anaTab2 = collector(ana.id, await latestEventId(ana.id));
    const benTab = collector(ben.id, await latestEventId(ben.id));
    const stops = [
      await subscribe(anaTab1.subscriber),
      await subscribe(anaTab2.subscriber),
      await subscribe(benTab.subscriber),
    ];
    const started = performance.now();
    await testDb.db.transaction(async (tx) => {
      await publishRealtime(tx, [ana.id], "notification-state", { all: "read" });
      // Not before the commit.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(anaTab1.received).toHaveLength(0);
    });
    await Promise.all([anaTab1.waitFor(1), anaTab2.waitFor(1)]);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(anaTab1.received[0]).toMatchObject({ kind: "notification-state", payload: { all: "read" } });
    expect(anaTab2.received.map((event) => event.id)).toEqual(anaTab1.received.map((event) => event.id));
    expect(benTab.received).toHaveLength(0);
    for (const stop of stops) stop();
  });

  test("a rolled-back transaction sends nothing", async () => {
    const ana = await createClient(testDb.db);
    const tab = collector(ana.id, await latestEventId(ana.id));
    const stop = await subscribe(tab.subscriber);
    await expect(
      testDb.db.transaction(async (tx) => {
        await publishRealtime(tx, [ana.id], "notification-state", { all: "read" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await publishRealtime(testDb.db, [ana.id], "notification-state", { ids: ["x"], status: "read" });
    await tab.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tab.received.map((event) => event.payload)).toEqual([{ ids: ["x"], status: "read" }]);
    stop();
  });

  test("a stream resuming from an event id receives exactly what it missed, once, in order", async () => {
    const ana = await createClient(testDb.db);
    const before = await latestEventId(ana.id);
    const first = collector(ana.id, before);
    const stopFirst = await subscribe(first.subscriber);
    await publishRealtime(testDb.db, [ana.id], "notification-state", { ids: ["1"], status: "read" });
    await first.waitFor(1);
    // The connection drops; three events happen meanwhile.
    stopFirst();
    for (const id of ["2", "3", "4"])
      await publishRealtime(testDb.db, [ana.id], "notification-state", { ids: [id], status: "read" });
    const resumed = collector(ana.id, first.subscriber.lastId);
    const stopResumed = await subscribe(resumed.subscriber);
    await resumed.waitFor(3);
    await publishRealtime(testDb.db, [ana.id], "notification-state", { ids: ["5"], status: "read" });
    await resumed.waitFor(4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(resumed.received.map((event) => (event.payload as { ids: string[] }).ids[0])).toEqual(["2", "3", "4", "5"]);
    expect(resumed.resyncs()).toBe(0);
    stopResumed();
  });

  test("more missed events than the replay keeps: the stream is told to reload", async () => {
    const ana = await createClient(testDb.db);
    const from = await latestEventId(ana.id);
    await testDb.db.execute(sql`
      insert into realtime_events (user_id, kind, payload)
      select ${ana.id}, 'notification-state', jsonb_build_object('ids', jsonb_build_array(n::text), 'status', 'read')
      from generate_series(1, ${REPLAY_LIMIT + 5}) n
    `);
    const { events, complete } = await eventsAfter(ana.id, from);
    expect(events).toHaveLength(REPLAY_LIMIT);
    expect(complete).toBe(false);
    const tab = collector(ana.id, from);
    const stop = await subscribe(tab.subscriber);
    expect(tab.resyncs()).toBe(1);
    stop();
  });

  test("a stored notification is announced to the owner's stream", async () => {
    const ana = await createClient(testDb.db);
    const tab = collector(ana.id, await latestEventId(ana.id));
    const stop = await subscribe(tab.subscriber);
    await createNotificationForTest(testDb.db, { userId: ana.id, title: "Caregiver confirmed" });
    await tab.waitFor(1);
    expect(tab.received[0]).toMatchObject({
      kind: "notification",
      payload: { notification: { title: "Caregiver confirmed" } },
    });
    stop();
  });
});
