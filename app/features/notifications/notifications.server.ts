import { and, desc, eq, getTableColumns, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { preparedStatement } from "~/platform/db/prepared.server";
import { notificationPreferences, notifications } from "~/platform/db/schema";
import type { Locale } from "~/i18n/config";
import { publishRealtime } from "~/platform/realtime/publish.server";
import {
  NOTIFICATION_FILTERS,
  type Notification,
  type NotificationChange,
  type NotificationCounts,
  type NotificationStatus,
  type NotificationType,
} from "~/utils/notifications";
import { defaultPreferences, type ChannelChoice, type DeliveryPreferences } from "./preferences";
import { wordNotification, type NotificationWording } from "./wording.server";

// Each user's notifications, kept on the server so that every device agrees
// (docs/product-rules.md, "Notifications"): created by the notification job
// (notify.server.ts), listed in the panel, and moved between unread, read and
// archived, or deleted, by their owner only. Every change is published on the
// realtime stream so the person's other open pages follow.

/**
 * What the panel is sent: for each type, its newest notifications not archived, and the newest unread ones,
 * this many of each; so that every chip's list is there whatever the others hold.
 */
export const PANEL_LIMIT = 100;

type NotificationRow = typeof notifications.$inferSelect;

export type NewNotification = {
  userId: string;
  type: NotificationType;
  subtype?: string | null;
  title: string;
  message: string;
  priority?: "normal" | "urgent";
  avatarUrl?: string | null;
  actionText?: string | null;
  actionUrl?: string | null;
  metadata?: Record<string, unknown>;
  /** Its key and values, to word it again in the reader's language. */
  wording?: NotificationWording | null;
};

/**
 * The browser's form of a notification (utils/notifications.ts), worded in `locale`: one stored
 * with its key and values is worded again; an older one, stored as text only, reads as stored.
 */
export function toClientNotification(row: NotificationRow, locale: Locale): Notification {
  const worded = row.wording ? wordNotification(row.wording, locale) : undefined;
  // A key the catalogue no longer has words nothing: the stored text stands.
  const text = worded?.title ? worded : row;
  return {
    id: row.id,
    type: row.type,
    subtype: (row.subtype ?? undefined) as Notification["subtype"],
    title: text.title,
    message: text.message,
    status: row.status,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    avatarUrl: row.avatarUrl,
    // No link, no action to name (docs/product-rules.md, "Family circle").
    actionText: row.actionUrl ? (text.actionText ?? undefined) : undefined,
    actionUrl: row.actionUrl ?? undefined,
    metadata: row.metadata as Notification["metadata"],
  };
}

/**
 * Stores a notification. An identical one (same type, subtype and title) that
 * is still unread is not added twice: it takes the new message and moves to
 * the top (`isNew` false). Publishes it to the user's open pages.
 */
export async function storeNotification(
  executor: Executor,
  input: NewNotification,
  /** The owner's language, for the copy sent to their open pages. */
  locale: Locale,
): Promise<{ notification: Notification; isNew: boolean }> {
  const values = {
    userId: input.userId,
    type: input.type,
    subtype: input.subtype ?? null,
    title: input.title,
    message: input.message,
    priority: input.priority ?? "normal",
    avatarUrl: input.avatarUrl ?? null,
    actionText: input.actionText ?? null,
    actionUrl: input.actionUrl ?? null,
    metadata: input.metadata ?? {},
    wording: input.wording ? JSON.stringify(input.wording) : null,
  };
  // The conflict target is the partial unique index notifications_unread_identical_idx.
  const result = await executor.execute<{ id: string; is_new: boolean }>(sql`
    insert into notifications
      (user_id, type, subtype, title, message, priority, avatar_url, action_text, action_url, metadata, wording)
    values (${values.userId}, ${values.type}, ${values.subtype}, ${values.title}, ${values.message}, ${values.priority},
      ${values.avatarUrl}, ${values.actionText}, ${values.actionUrl}, ${JSON.stringify(values.metadata)}::jsonb,
      ${values.wording}::jsonb)
    on conflict (user_id, type, coalesce(subtype, ''), title) where status = 'unread'
    do update set message = excluded.message, priority = excluded.priority, avatar_url = excluded.avatar_url,
      action_text = excluded.action_text, action_url = excluded.action_url, metadata = excluded.metadata,
      wording = excluded.wording, created_at = now()
    returning id, (xmax = 0) as is_new
  `);
  const stored = result.rows[0];
  const [row] = stored ? await executor.select().from(notifications).where(eq(notifications.id, stored.id)) : [];
  if (!row) throw new Error("The notification was not stored");
  const notification = toClientNotification(row, locale);
  await publishRealtime(executor, [input.userId], "notification", { notification });
  return { notification, isNew: stored!.is_new };
}

/** The panel's data, worded in `locale`: the newest notifications not archived, and the count behind every chip. */
export async function loadNotificationPanel(
  userId: string,
  locale: Locale,
): Promise<{
  notifications: Notification[];
  counts: NotificationCounts;
}> {
  const [listed, counts] = await Promise.all([listPanelNotifications(userId, locale), countNotifications(userId)]);
  return { notifications: listed, counts };
}

/** The panel's list, worded in `locale`: the newest notifications not archived, of each type and unread. */
async function listPanelNotifications(userId: string, locale: Locale): Promise<Notification[]> {
  // The person's notifications ranked in one pass over their rows (notifications_user_idx), whole rows, so that
  // the listed ones need no second read by id (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md).
  const ranked = db
    .select({
      ...getTableColumns(notifications),
      inType:
        sql<number>`row_number() over (partition by ${notifications.type} order by ${notifications.createdAt} desc)`.as(
          "in_type",
        ),
      inUnread:
        sql<number>`row_number() over (partition by ${notifications.status} = 'unread' order by ${notifications.createdAt} desc)`.as(
          "in_unread",
        ),
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), ne(notifications.status, "archived")))
    .as("ranked");
  const rows = await db
    .select()
    .from(ranked)
    .where(or(lte(ranked.inType, PANEL_LIMIT), and(eq(ranked.status, "unread"), lte(ranked.inUnread, PANEL_LIMIT))))
    .orderBy(desc(ranked.createdAt));
  return rows.map(({ inType: _inType, inUnread: _inUnread, ...row }) => toClientNotification(row, locale));
}

// Built once: every signed-in page's chrome asks (docs/decisions/0062-statements-built-once.md).
const countStatement = preparedStatement((database) =>
  database
    .select({ type: notifications.type, status: notifications.status, count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder("userId")), ne(notifications.status, "archived")))
    .groupBy(notifications.type, notifications.status),
);

/** The count behind every chip of the panel and the bell's unread badge: the notifications not archived. */
export async function countNotifications(userId: string): Promise<NotificationCounts> {
  return tallyNotificationCounts(await countStatement().execute({ userId }));
}

/** A count of the user's notifications by type and status, as countNotifications reads them. */
export type NotificationCountRow = { type: NotificationType; status: NotificationStatus; count: number };

/**
 * The same counts as a value of a select that reads more beside it (the chrome's one statement,
 * features/home/notification-center.server.ts): a JSON list of NotificationCountRow, for tallyNotificationCounts.
 */
export function notificationCountsSql(userId: string): SQL {
  return sql`(select coalesce(json_agg(json_build_object('type', c.type, 'status', c.status, 'count', c.count)), '[]'::json)
    from (select ${notifications.type} as type, ${notifications.status} as status, count(*)::int as count
      from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.status} <> 'archived'
      group by 1, 2) as c)`;
}

/** The chips' and the badge's counts from the counts by type and status. */
export function tallyNotificationCounts(rows: readonly NotificationCountRow[]): NotificationCounts {
  const counts = Object.fromEntries(NOTIFICATION_FILTERS.map((filter) => [filter.id, 0])) as NotificationCounts;
  for (const { type, status, count } of rows) {
    counts.all += count;
    counts[type] += count;
    if (status === "unread") counts.unread += count;
  }
  return counts;
}

const STATUS_OF = { read: "read", unread: "unread", archive: "archived" } as const satisfies Record<
  string,
  NotificationStatus
>;

/**
 * Changes the owner's notifications (docs/product-rules.md, "Notifications"): unread <-> read,
 * unread or read -> archived, any -> deleted; read-all marks every unread one read.
 * Ids of other users' notifications are ignored. Returns how many changed.
 */
export async function changeNotifications(userId: string, change: NotificationChange): Promise<number> {
  return db.transaction(async (tx) => {
    if (change.action === "read-all") {
      const changed = await tx
        .update(notifications)
        .set({ status: "read", readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), eq(notifications.status, "unread")))
        .returning({ id: notifications.id });
      if (changed.length > 0) await publishRealtime(tx, [userId], "notification-state", { all: "read" });
      return changed.length;
    }
    if (change.ids.length === 0) return 0;
    const mine = and(eq(notifications.userId, userId), inArray(notifications.id, change.ids));
    let changed: { id: string }[];
    if (change.action === "delete") {
      changed = await tx.delete(notifications).where(mine).returning({ id: notifications.id });
    } else if (change.action === "unread") {
      // The duplicate rule: one of identical notifications unread at a time. Of identical ones asked, the
      // newest is made unread, and none while an identical one is unread already: that one stands for them.
      const result = await tx.execute<{ id: string }>(sql`
        update notifications n set status = 'unread', read_at = null
        where n.id in (
          select distinct on (type, coalesce(subtype, ''), title) id from notifications
          where user_id = ${userId} and id = any(${sql.param(change.ids)}::uuid[]) and status = 'read'
          order by type, coalesce(subtype, ''), title, created_at desc, id desc
        )
        and not exists (
          select 1 from notifications o
          where o.user_id = n.user_id and o.type = n.type and coalesce(o.subtype, '') = coalesce(n.subtype, '')
            and o.title = n.title and o.status = 'unread'
        )
        returning n.id
      `);
      changed = result.rows;
    } else {
      const status = STATUS_OF[change.action];
      // Archived items stay archived: an archived one is not marked read.
      const from = change.action === "archive" ? mine : and(mine, ne(notifications.status, "archived"));
      changed = await tx
        .update(notifications)
        .set({ status, readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(from, ne(notifications.status, status)))
        .returning({ id: notifications.id });
    }
    if (changed.length > 0)
      await publishRealtime(tx, [userId], "notification-state", {
        ids: changed.map((row) => row.id),
        status: change.action === "delete" ? "deleted" : STATUS_OF[change.action],
      });
    return changed.length;
  });
}

/** The person's delivery preferences: their choices over the defaults. */
export async function loadDeliveryPreferences(userId: string, executor: Executor = db): Promise<DeliveryPreferences> {
  const preferences = defaultPreferences();
  const rows = await executor.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  for (const row of rows) preferences[row.type] = { inApp: row.inApp, email: row.email, push: row.push, sms: row.sms };
  return preferences;
}

export type { ChannelChoice };
