import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lockUntilCommit } from "~/platform/db/advisory-lock.server";
import { sessions } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { refreshStreams, stopRealtimeHub, subscribe, type Subscriber } from "~/platform/realtime/hub.server";
import { REALTIME_CHANNEL } from "~/platform/realtime/publish.server";
import { STREAM_CAPS, STREAM_STALE_MS } from "~/platform/realtime/stream-caps";
import { createTestDatabase, type TestDatabase } from "./db";

// The caps on live streams (app/platform/realtime/stream-caps.ts, docs/product-rules.md
// "Live updates"), counted in the database so that they hold across server
// processes: past a cap the oldest stream is closed, here or in another
// process, and a process's stream whose row has gone ends at its next refresh.

/** A stream of `userId` in `sessionId`; `superseded` says whether a newer one closed it. */
async function openStream(userId: string, sessionId: string) {
  const state = { superseded: false, ended: false };
  const subscriber: Subscriber = {
    userId,
    sessionId,
    lastId: Number.MAX_SAFE_INTEGER,
    send: () => undefined,
    resync: () => undefined,
    end: () => {
      state.ended = true;
    },
    superseded: () => {
      state.superseded = true;
    },
  };
  const stop = await subscribe(subscriber);
  return { state, stop };
}

describe("live stream caps", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase({ poolSize: 6 });
  });
  afterAll(async () => {
    await stopRealtimeHub();
    await testDb?.drop();
  });

  async function signIn(userId: string) {
    const id = randomUUID();
    await testDb.db.insert(sessions).values({
      id,
      token: randomUUID(),
      userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return id;
  }

  async function countedStreams(userId: string) {
    const result = await testDb.db.execute<{ n: number }>(
      sql`select count(*)::int as n from live_streams where user_id = ${userId}`,
    );
    return result.rows[0]!.n;
  }

  test("past the cap of one sign-in, the oldest of its streams is closed; another sign-in's are not", async () => {
    const ana = await createClient(testDb.db);
    const [phone, laptop] = [await signIn(ana.id), await signIn(ana.id)];
    const onLaptop = await openStream(ana.id, laptop);
    const tabs = [];
    for (let index = 0; index < STREAM_CAPS.perSession + 2; index += 1) tabs.push(await openStream(ana.id, phone));
    expect(tabs.map((tab) => tab.state.superseded)).toEqual([
      true,
      true,
      ...Array.from({ length: STREAM_CAPS.perSession }, () => false),
    ]);
    expect(onLaptop.state.superseded).toBe(false);
    expect(await countedStreams(ana.id)).toBe(STREAM_CAPS.perSession + 1);
    // A closed stream is forgotten (the stream's end does not wait for it).
    tabs.at(-1)!.stop();
    await expect.poll(() => countedStreams(ana.id)).toBe(STREAM_CAPS.perSession);
    for (const tab of [...tabs, onLaptop]) tab.stop();
    await expect.poll(() => countedStreams(ana.id)).toBe(0);
  });

  test("300 streams opened at once with one sign-in leave the cap open, the newest", async () => {
    const ben = await createClient(testDb.db);
    const session = await signIn(ben.id);
    const tabs = await Promise.all(Array.from({ length: 300 }, () => openStream(ben.id, session)));
    const open = tabs.filter((tab) => !tab.state.superseded);
    expect(open).toHaveLength(STREAM_CAPS.perSession);
    expect(await countedStreams(ben.id)).toBe(STREAM_CAPS.perSession);
    for (const tab of tabs) tab.stop();
  });

  test("a stream of another process counts: the oldest past the user's cap is closed there, by announcement", async () => {
    const cleo = await createClient(testDb.db);
    // Another process's streams, one sign-in each, the oldest first.
    const elsewhere: string[] = [];
    for (let index = 0; index < STREAM_CAPS.perUser; index += 1) {
      const id = randomUUID();
      elsewhere.push(id);
      await testDb.db.execute(sql`
        insert into live_streams (id, user_id, session_id, opened_at)
        values (${id}, ${cleo.id}, ${await signIn(cleo.id)}, now() - make_interval(secs => ${100 - index}))
      `);
    }
    const listener = new pg.Client({ connectionString: testDb.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    await listener.query(`listen ${REALTIME_CHANNEL}`);
    try {
      const here = await openStream(cleo.id, await signIn(cleo.id));
      expect(here.state.superseded).toBe(false);
      await expect.poll(() => heard.some((payload) => payload.includes(elsewhere[0]!))).toBe(true);
      expect(JSON.parse(heard.find((payload) => payload.includes(elsewhere[0]!))!)).toEqual({ close: [elsewhere[0]] });
      expect(await countedStreams(cleo.id)).toBe(STREAM_CAPS.perUser);
      here.stop();
    } finally {
      await listener.end();
    }
  });

  test("another process closing a stream of this one ends it with the announcement", async () => {
    const dev = await createClient(testDb.db);
    const tab = await openStream(dev.id, await signIn(dev.id));
    const [row] = (await testDb.db.execute<{ id: string }>(sql`select id from live_streams where user_id = ${dev.id}`))
      .rows;
    await testDb.db.transaction(async (tx) => {
      await tx.execute(sql`delete from live_streams where id = ${row!.id}`);
      await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ close: [row!.id] })})`);
    });
    await expect.poll(() => tab.state.superseded).toBe(true);
    tab.stop();
  });

  test("a stream whose row went unannounced (signed out) ends at the next refresh; refreshed rows stay fresh", async () => {
    const eve = await createClient(testDb.db);
    const [kept, signedOut] = [await signIn(eve.id), await signIn(eve.id)];
    const keptTab = await openStream(eve.id, kept);
    const goneTab = await openStream(eve.id, signedOut);
    await testDb.db.execute(sql`update live_streams set seen_at = now() - interval '1 hour' where user_id = ${eve.id}`);
    // Signing out deletes the session, and its streams with it.
    await testDb.db.execute(sql`delete from sessions where id = ${signedOut}`);
    await refreshStreams();
    expect(goneTab.state.superseded).toBe(true);
    expect(keptTab.state.superseded).toBe(false);
    const fresh = await testDb.db.execute<{ fresh: boolean }>(sql`
      select seen_at > now() - make_interval(secs => ${STREAM_STALE_MS / 1000}) as fresh
      from live_streams where user_id = ${eve.id}
    `);
    expect(fresh.rows).toEqual([{ fresh: true }]);
    keptTab.stop();
  });

  test("a refresh while a stream is being admitted leaves it open: its row is not committed yet, not gone", async () => {
    const gus = await createClient(testDb.db);
    const session = await signIn(gus.id);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Another stream of Gus's being admitted holds his lock: this one waits with its row not yet written.
    const holding = testDb.db.transaction(async (tx) => {
      await lockUntilCommit(tx, `live-streams:${gus.id}`);
      locked();
      await held;
    });
    await isLocked;
    const waitingForLock = async () => {
      const result = await testDb.db.execute<{ n: number }>(sql`
        select count(*)::int as n from pg_locks
        where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())
      `);
      return result.rows[0]!.n;
    };
    const opening = openStream(gus.id, session);
    await expect.poll(waitingForLock).toBe(1);
    await refreshStreams();
    release();
    await holding;
    const tab = await opening;
    expect(tab.state.superseded).toBe(false);
    expect(await countedStreams(gus.id)).toBe(1);
    tab.stop();
  });

  test("a row of a process that stopped without forgetting its streams no longer counts", async () => {
    const finn = await createClient(testDb.db);
    const session = await signIn(finn.id);
    for (let index = 0; index < STREAM_CAPS.perSession; index += 1)
      await testDb.db.execute(sql`
        insert into live_streams (id, user_id, session_id, seen_at)
        values (${randomUUID()}, ${finn.id}, ${session}, now() - make_interval(secs => ${STREAM_STALE_MS / 1000 + 5}))
      `);
    const tab = await openStream(finn.id, session);
    expect(tab.state.superseded).toBe(false);
    expect(await countedStreams(finn.id)).toBe(1);
    tab.stop();
  });
});
