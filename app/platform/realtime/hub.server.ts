import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { lockUntilCommit } from "~/platform/db/advisory-lock.server";
import { db, getDatabaseUrl } from "~/platform/db/client.server";
import { listenToChannel } from "~/platform/db/listen.server";
import type { RealtimeEvent, RealtimeKind } from "./events";
import { REALTIME_CHANNEL, type RealtimeAnnouncement } from "./publish.server";
import { STREAM_REFRESH_MS, STREAM_STALE_MS, streamsPastCaps } from "./stream-caps";

// The process's realtime hub (docs/decisions/0014-realtime-over-sse.md): the
// open streams of this process by user, and one LISTEN connection on
// REALTIME_CHANNEL. An announcement names new events by id and user; the hub
// reads those of users with a stream here and writes them to their streams.
// Ids are given in commit order (migration 0018) and announcements arrive in
// commit order and are handled one after another, so each stream is written
// its events in id order, once: a stream catching up (when it opens, or after
// the LISTEN connection came back) holds the announced events until the
// catch-up is written, then writes those after it.
//
// A stream opened for a sign-in counts toward the caps of stream-caps.ts in
// every process (the live_streams table): opening one past a cap closes the
// oldest, wherever it is, announced on the same channel ({close: ids}) and
// found at the latest at the next refresh of that process's streams.

/** How many missed events a reconnecting stream is sent; beyond that it is told to reload (RESYNC_EVENT). */
export const REPLAY_LIMIT = 500;

export type Subscriber = {
  userId: string;
  /** The id of the last event written to this stream. */
  lastId: number;
  send: (event: RealtimeEvent) => void;
  /** Called when the stream must reload its data instead (too much was missed). */
  resync: () => void;
  /** Ends the stream (the server is stopping); the browser reconnects, to another process or later. */
  end?: () => void;
  /** The sign-in the stream is for: given, the stream counts toward the caps of stream-caps.ts. */
  sessionId?: string;
  /** Ends the stream because a newer one took its place past a cap; the browser does not reconnect by itself. */
  superseded?: () => void;
};

/** What closes streams past a cap, on the realtime channel beside the events' announcements. */
type CloseAnnouncement = { close: string[] };

type Hub = {
  subscribers: Map<string, Set<Subscriber>>;
  /** This process's counted streams by their id in live_streams. */
  counted: Map<string, Subscriber>;
  /** Those of `counted` whose row is not committed yet: a refresh does not find them, and must not end them. */
  admitting: Set<string>;
  refresher?: NodeJS.Timeout;
  listener?: { close: () => Promise<void> };
  /** Set once the process stops: a stream that opens after that ends at once. */
  isClosing?: boolean;
};

const holder = globalThis as typeof globalThis & { __tendlyRealtimeHub?: Hub };

function hub(): Hub {
  holder.__tendlyRealtimeHub ??= { subscribers: new Map(), counted: new Map(), admitting: new Set() };
  return holder.__tendlyRealtimeHub;
}

type EventRow = { id: string; user_id: string; kind: string; payload: unknown };

function toEvent(row: EventRow): RealtimeEvent {
  return { id: Number(row.id), kind: row.kind as RealtimeKind, payload: row.payload } as RealtimeEvent;
}

type CatchingUp = { held: RealtimeEvent[]; again: boolean };
/** Streams catching up: the announced events held until the catch-up is written, and whether to read again. */
const catchingUp = new WeakMap<Subscriber, CatchingUp>();

/** Writes events in id order, each once: one at or below the stream's last id was written already. */
function write(subscriber: Subscriber, events: RealtimeEvent[]) {
  for (const event of events) {
    if (event.id <= subscriber.lastId) continue;
    subscriber.lastId = event.id;
    subscriber.send(event);
  }
}

/** An announced event for a stream: written now, or after the stream's catch-up. */
function deliver(subscriber: Subscriber, event: RealtimeEvent) {
  const state = catchingUp.get(subscriber);
  if (state) state.held.push(event);
  else write(subscriber, [event]);
}

/** The events of `userId` after `afterId`, oldest first; `complete` is false when more than REPLAY_LIMIT were missed. */
export async function eventsAfter(userId: string, afterId: number) {
  const result = await db.execute<EventRow>(sql`
    select id, user_id, kind, payload from realtime_events
    where user_id = ${userId} and id > ${afterId}
    order by id limit ${REPLAY_LIMIT + 1}
  `);
  return { events: result.rows.slice(0, REPLAY_LIMIT).map(toEvent), complete: result.rows.length <= REPLAY_LIMIT };
}

/** The id of the user's latest event (0 for none) as a value of a select that reads more beside it. */
export function latestEventIdSql(userId: string): SQL {
  return sql`(select coalesce(max(id), 0) from realtime_events where user_id = ${userId})`;
}

/** The id of the user's latest event: where a page rendered now starts its stream. */
export async function latestEventId(userId: string): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`select ${latestEventIdSql(userId)} as id`);
  return Number(result.rows[0]?.id ?? 0);
}

/** Writes what the stream missed since its last id, then the events announced meanwhile. */
async function catchUp(subscriber: Subscriber) {
  const running = catchingUp.get(subscriber);
  if (running) {
    // Asked again while reading (the LISTEN connection came back): read once more when done.
    running.again = true;
    return;
  }
  const state: CatchingUp = { held: [], again: true };
  catchingUp.set(subscriber, state);
  try {
    while (state.again) {
      state.again = false;
      const { events, complete } = await eventsAfter(subscriber.userId, subscriber.lastId);
      write(subscriber, events);
      if (!complete) subscriber.resync();
    }
  } finally {
    catchingUp.delete(subscriber);
    // Held in the order announced, which is id order.
    write(subscriber, state.held);
  }
}

async function onAnnouncement(payload: string) {
  let announced: RealtimeAnnouncement | CloseAnnouncement;
  try {
    announced = JSON.parse(payload) as RealtimeAnnouncement | CloseAnnouncement;
  } catch {
    return;
  }
  if (!Array.isArray(announced)) {
    supersede(announced?.close ?? []);
    return;
  }
  const { subscribers } = hub();
  const ids = (announced ?? []).filter((entry) => subscribers.has(entry.u)).map((entry) => entry.id);
  if (ids.length === 0) return;
  const result = await db.execute<EventRow>(sql`
    select id, user_id, kind, payload from realtime_events
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id
  `);
  for (const row of result.rows) {
    const event = toEvent(row);
    for (const subscriber of subscribers.get(row.user_id) ?? []) deliver(subscriber, event);
  }
}

/** Ends this process's streams among `streamIds`, closed past a cap. */
function supersede(streamIds: readonly string[]) {
  const { counted } = hub();
  for (const id of streamIds) {
    const subscriber = counted.get(id);
    if (!subscriber) continue;
    counted.delete(id);
    (subscriber.superseded ?? subscriber.end)?.();
  }
}

/**
 * Records a new stream of `userId` in `sessionId` and closes the oldest past a
 * cap, in one transaction under the user's lock. Returns the ids it closed.
 */
async function admitStream(streamId: string, userId: string, sessionId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, `live-streams:${userId}`);
    await tx.execute(sql`
      delete from live_streams
      where user_id = ${userId} and seen_at < now() - make_interval(secs => ${STREAM_STALE_MS / 1000})
    `);
    await tx.execute(
      sql`insert into live_streams (id, user_id, session_id) values (${streamId}, ${userId}, ${sessionId})`,
    );
    const open = await tx.execute<{ id: string; session_id: string }>(sql`
      select id, session_id from live_streams where user_id = ${userId} order by opened_at desc, id desc
    `);
    const closing = streamsPastCaps(open.rows.map((row) => ({ id: row.id, sessionId: row.session_id })));
    if (closing.length === 0) return [];
    await tx.execute(sql`delete from live_streams where id = any(${sql.param(closing)}::uuid[])`);
    const announcement: CloseAnnouncement = { close: closing };
    await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(announcement)})`);
    return closing;
  });
}

/**
 * Tells the database this process's streams are still open, and ends those
 * whose row has gone: closed past a cap by another process while this one did
 * not hear it, or their sign-in ended.
 */
export async function refreshStreams() {
  const { counted, admitting } = hub();
  const ids = [...counted.keys()].filter((id) => !admitting.has(id));
  if (ids.length === 0) return;
  const result = await db.execute<{ id: string }>(
    sql`update live_streams set seen_at = now() where id = any(${sql.param(ids)}::uuid[]) returning id`,
  );
  const present = new Set(result.rows.map((row) => row.id));
  supersede(ids.filter((id) => !present.has(id) && counted.has(id)));
}

function ensureListening() {
  const state = hub();
  state.refresher ??= setInterval(() => {
    refreshStreams().catch((error: unknown) => console.error("Realtime: refreshing the open streams failed:", error));
  }, STREAM_REFRESH_MS).unref();
  if (state.listener) return;
  // One announcement at a time, in the order PostgreSQL delivers them (commit order).
  let announcements = Promise.resolve();
  state.listener = listenToChannel(getDatabaseUrl(), REALTIME_CHANNEL, {
    onNotify: (payload) => {
      announcements = announcements
        .then(() => onAnnouncement(payload))
        .catch((error: unknown) => console.error("Realtime: an announcement failed:", error));
    },
    // Back after a lost connection: every stream reads what it missed.
    onListening: () => {
      for (const set of state.subscribers.values())
        for (const subscriber of set)
          catchUp(subscriber).catch((error: unknown) => console.error("Realtime: catching up failed:", error));
    },
    onLost: (error) => console.error("Realtime: the LISTEN connection failed, reconnecting:", error.message),
  });
}

/**
 * Adds a stream for `subscriber.userId`: first it is sent what it missed since
 * `subscriber.lastId`, then every new event. Returns the function that removes it.
 */
export async function subscribe(subscriber: Subscriber): Promise<() => void> {
  if (hub().isClosing) {
    subscriber.end?.();
    return () => undefined;
  }
  ensureListening();
  const { subscribers, counted, admitting } = hub();
  const streamId = subscriber.sessionId ? randomUUID() : undefined;
  if (streamId && subscriber.sessionId) {
    // Counted before it is admitted, so that a newer stream admitted meanwhile can close it.
    counted.set(streamId, subscriber);
    admitting.add(streamId);
    try {
      // Closed here at once when they are of this process; the announcement reaches the others.
      supersede(await admitStream(streamId, subscriber.userId, subscriber.sessionId));
    } catch (error) {
      counted.delete(streamId);
      throw error;
    } finally {
      admitting.delete(streamId);
    }
    // Already closed by a newer stream.
    if (!counted.has(streamId)) return () => undefined;
  }
  // Announcements heard while the replay is read are written after it (once each).
  const set = subscribers.get(subscriber.userId) ?? new Set();
  subscribers.set(subscriber.userId, set);
  set.add(subscriber);
  await catchUp(subscriber);
  return () => {
    set.delete(subscriber);
    if (set.size === 0 && subscribers.get(subscriber.userId) === set) subscribers.delete(subscriber.userId);
    if (streamId && counted.delete(streamId))
      db.execute(sql`delete from live_streams where id = ${streamId}`).catch((error: unknown) =>
        console.error("Realtime: forgetting a closed stream failed:", error),
      );
  };
}

/** How many streams this process holds (the bench and /healthz report it). */
export function openStreams(): number {
  let count = 0;
  for (const set of hub().subscribers.values()) count += set.size;
  return count;
}

/**
 * Ends every open stream, and any opened later, as the server stops
 * (server/app.ts): an open stream would otherwise hold the drain of requests
 * in flight until its limit.
 */
export function closeRealtimeStreams(): void {
  const state = hub();
  state.isClosing = true;
  for (const set of state.subscribers.values()) for (const subscriber of set) subscriber.end?.();
}

/**
 * Stops listening (at shutdown); open streams end with their requests. The stopped hub is then
 * forgotten: a process that goes on after it (one test file after another) starts a new one,
 * not closing, at its next stream.
 */
export async function stopRealtimeHub(): Promise<void> {
  const state = hub();
  clearInterval(state.refresher);
  state.refresher = undefined;
  const listener = state.listener;
  state.listener = undefined;
  await listener?.close();
  if (holder.__tendlyRealtimeHub === state) holder.__tendlyRealtimeHub = undefined;
}
