import { sql } from "drizzle-orm";
import type { QueueExecutor } from "~/db/job-queue.server";
import type { RealtimeKind, RealtimePayloads } from "./events";

// Publishing a realtime event: one row per recipient in realtime_events (what
// a reconnecting browser replays) and a NOTIFY on REALTIME_CHANNEL naming the
// new rows, which PostgreSQL delivers to every server process's hub when the
// transaction commits, and never if it rolls back
// (docs/decisions/0014-realtime-over-sse.md).

/** The PostgreSQL channel every process's hub (hub.server.ts) LISTENs on. */
export const REALTIME_CHANNEL = "tendly_realtime";

/** The NOTIFY payload: the new events' ids and their users, never their content (8 kB limit). */
export type RealtimeAnnouncement = { id: number; u: string }[];

/**
 * Publishes one event to each of `userIds` in the executor's transaction
 * (or at once, given the database). Returns the new events' ids by user.
 */
export async function publishRealtime<Kind extends RealtimeKind>(
  executor: QueueExecutor,
  userIds: readonly string[],
  kind: Kind,
  payload: RealtimePayloads[Kind],
): Promise<Map<string, number>> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return new Map();
  const result = await executor.execute<{ id: string; user_id: string }>(sql`
    with inserted as (
      insert into realtime_events (user_id, kind, payload)
      select unnest(array[${sql.join(
        users.map((user) => sql`${user}`),
        sql`, `,
      )}]::text[]), ${kind}, ${JSON.stringify(payload)}::jsonb
      returning id, user_id
    ), announced as (
      select pg_notify(${REALTIME_CHANNEL}, (select json_agg(json_build_object('id', id, 'u', user_id))::text from inserted))
    )
    select inserted.id, inserted.user_id from inserted, announced
  `);
  return new Map(result.rows.map((row) => [row.user_id, Number(row.id)]));
}

/** How long events are kept for replay: a browser away longer reloads its data instead. */
export const REALTIME_RETENTION_DAYS = 3;

/** Deletes events older than the retention (the daily realtime.prune job). Returns how many went. */
export async function pruneRealtimeEvents(executor: QueueExecutor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REALTIME_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const result = await executor.execute(
    sql`delete from realtime_events where created_at < ${cutoff.toISOString()}::timestamptz`,
  );
  return result.rowCount ?? 0;
}
