import { eq, sql } from "drizzle-orm";
import type { AdminAttentionItem, RealtimeKind, RealtimePayloads } from "./events";
import type { Executor } from "~/platform/db/client.server";
import { userRoles } from "~/platform/db/schema";

// Publishing a realtime event: one row per recipient in realtime_events (what
// a reconnecting browser replays). When the transaction commits, each row takes
// its final id in commit order and is announced with a NOTIFY on
// REALTIME_CHANNEL, which PostgreSQL delivers to every server process's hub;
// nothing is announced if it rolls back (migration 0018, and
// docs/decisions/0014-realtime-over-sse.md, "Order").

/** The PostgreSQL channel every process's hub (hub.server.ts) LISTENs on; migration 0018's trigger names it too. */
export const REALTIME_CHANNEL = "tendly_realtime";

/** The NOTIFY payload: the new events' ids and their users, never their content (8 kB limit). */
export type RealtimeAnnouncement = { id: number; u: string }[];

/**
 * Publishes one event to each of `userIds` in the executor's transaction (or at once, given the
 * database). The events' ids are given at commit, so none is returned: read them after the commit
 * (latestEventId in hub.server.ts) where one is needed.
 */
export async function publishRealtime<Kind extends RealtimeKind>(
  executor: Executor,
  userIds: readonly string[],
  kind: Kind,
  payload: RealtimePayloads[Kind],
): Promise<void> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  await executor.execute(sql`
    insert into realtime_events (user_id, kind, payload)
    select unnest(array[${sql.join(
      users.map((user) => sql`${user}`),
      sql`, `,
    )}]::text[]), ${kind}, ${JSON.stringify(payload)}::jsonb
  `);
}

/**
 * Tells every administrator's open pages that one of the admin home's counts may have moved, in the executor's
 * transaction (so nothing is announced for a change that rolls back). The event carries no data: the page reads
 * its counts again.
 */
export async function publishAdminAttention(executor: Executor, item: AdminAttentionItem): Promise<void> {
  const admins = await executor.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
  await publishRealtime(
    executor,
    admins.map((admin) => admin.id),
    "admin-attention",
    { item },
  );
}

/** How long events are kept for replay: a browser away longer reloads its data instead. */
export const REALTIME_RETENTION_DAYS = 3;

/** Deletes events older than the retention (the daily realtime.prune job). Returns how many went. */
export async function pruneRealtimeEvents(executor: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REALTIME_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const result = await executor.execute(
    sql`delete from realtime_events where created_at < ${cutoff.toISOString()}::timestamptz`,
  );
  return result.rowCount ?? 0;
}
