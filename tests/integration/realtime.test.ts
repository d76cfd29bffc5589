import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient } from "~/platform/db/seed/factories.server";
import { createNotificationForTest } from "./notifications-helpers";
import type { RealtimeEvent } from "~/platform/realtime/events";
import { eventsAfter, latestEventId, REPLAY_LIMIT, stopRealtimeHub, subscribe } from "~/platform/realtime/hub.server";
import { publishRealtime } from "~/platform/realtime/publish.server";
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
  let probe: ReturnType<typeof collector>;
  let stopProbe: (() => void) | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase({ poolSize: 6 });
    const someoneElse = await createClient(testDb.db);
    probe = collector(someoneElse.id, await latestEventId(someoneElse.id));
    stopProbe = await subscribe(probe.subscriber);
  });
  afterAll(async () => {
    stopProbe?.();
    await stopRealtimeHub();
    await testDb?.drop();
  });

  /**
   * Resolves once the hub has handled everything committed before this call:
   * it commits an event for another user's stream and waits until that event
   * arrives. PostgreSQL hands NOTIFYs to the hub's one LISTEN connection in
   * commit order, so an event that has not reached its stream by then was not
   * sent, rather than not sent yet.
   */
  async function settled() {
    const count = probe.received.length + 1;
    await publishRealtime(testDb.db, [probe.subscriber.userId], "notification-state", {
      ids: [`probe-${count}`],
      status: "read",
    });
    await probe.waitFor(count);
  }

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
      // Not before the commit: an event committed after this publish has arrived, and this one has not.
      await settled();
      expect(anaTab1.received).toHaveLength(0);
      expect(anaTab2.received).toHaveLength(0);
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
    await settled();
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
    // No repeat comes later (a replayed event also announced, say).
    await settled();
    expect(resumed.received.map((event) => (event.payload as { ids: string[] }).ids[0])).toEqual(["2", "3", "4", "5"]);
    expect(resumed.resyncs()).toBe(0);
    stopResumed();
  });

  test("events are numbered in the order their transactions commit: the first to publish, committed last, comes last", async () => {
    const ana = await createClient(testDb.db);
    const tab = collector(ana.id, await latestEventId(ana.id));
    const stop = await subscribe(tab.subscriber);
    let published!: () => void;
    const firstPublished = new Promise<void>((resolve) => (published = resolve));
    let release!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (release = resolve));
    const first = testDb.db.transaction(async (tx) => {
      await publishRealtime(tx, [ana.id], "notification-state", { ids: ["first"], status: "read" });
      published();
      await firstMayCommit;
    });
    await firstPublished;
    await publishRealtime(testDb.db, [ana.id], "notification-state", { ids: ["second"], status: "read" });
    await tab.waitFor(1);
    release();
    await first;
    await tab.waitFor(2);
    await settled();
    const ids = tab.received.map((event) => event.id);
    expect(tab.received.map((event) => (event.payload as { ids: string[] }).ids[0])).toEqual(["second", "first"]);
    expect(ids[1]).toBeGreaterThan(ids[0]!);
    // A browser that had the second resumes from its id and still gets the first.
    expect((await eventsAfter(ana.id, ids[0]!)).events.map((event) => event.id)).toEqual([ids[1]]);
    stop();
  });

  test("streams opened while events are published get each event once, in id order, none missed", async () => {
    const ana = await createClient(testDb.db);
    const from = await latestEventId(ana.id);
    const tabs: ReturnType<typeof collector>[] = [];
    const stops: Promise<() => void>[] = [];
    for (let index = 0; index < 30; index += 1) {
      const publishing = publishRealtime(testDb.db, [ana.id], "notification-state", {
        ids: [String(index)],
        status: "read",
      });
      // Every third publication, a stream opens and catches up while it commits.
      if (index % 3 === 0) {
        const tab = collector(ana.id, from);
        tabs.push(tab);
        stops.push(subscribe(tab.subscriber));
      }
      await publishing;
    }
    for (const tab of tabs) await tab.waitFor(30);
    await settled();
    const all = (await eventsAfter(ana.id, from)).events.map((event) => event.id);
    expect(all).toHaveLength(30);
    for (const tab of tabs) expect(tab.received.map((event) => event.id)).toEqual(all);
    for (const stop of await Promise.all(stops)) stop();
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
