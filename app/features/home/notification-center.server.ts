import { sql } from "drizzle-orm";
import type { CurrentUser } from "~/platform/auth/session.server";
import { countUnreadMessages, unreadMessagesSql } from "~/features/messaging/public.server";
import type { Locale } from "~/i18n/config";
import { db } from "~/platform/db/client.server";
import { latestEventId, latestEventIdSql } from "~/platform/realtime/hub.server";
import type { NotificationCenterData } from "~/utils/notifications";
import {
  loadNotificationPanel,
  notificationCountsSql,
  tallyNotificationCounts,
  type NotificationCountRow,
} from "~/features/notifications/public.server";

// What every signed-in page's chrome shows (root loader, /api/notifications): the counts behind the bell and the
// panel's chips, the unread messages badge, and where the page's realtime stream starts; the panel's list only
// when asked for it (/api/notifications, when the panel opens: docs/decisions/0061-the-notification-list-on-demand.md).

export type { NotificationCenterData };

/** The chrome's notification data, the list (worded in `locale`, the page's language) only `withList`. */
export async function loadNotificationCenter(
  user: Pick<CurrentUser, "id" | "roles">,
  locale: Locale,
  { withList }: { withList: boolean },
): Promise<NotificationCenterData & { realtimeAfter: number }> {
  if (!withList) {
    // Every page's chrome: the cursor and both counts in one statement, so read in one snapshot; whatever
    // changes after it comes on the stream (docs/decisions/0063-the-chrome-in-one-statement.md).
    const result = await db.execute<{ realtime_after: string; counts: NotificationCountRow[]; unread: string }>(
      sql`select ${latestEventIdSql(user.id)} as realtime_after, ${notificationCountsSql(user.id)} as counts,
        ${unreadMessagesSql(user.id, user.roles)} as unread`,
    );
    const row = result.rows[0]!;
    return {
      notifications: null,
      counts: tallyNotificationCounts(row.counts),
      unreadMessages: Number(row.unread),
      loadedAt: Date.now(),
      realtimeAfter: Number(row.realtime_after),
    };
  }
  // The cursor first: whatever changes after the reads below comes on the stream.
  const realtimeAfter = await latestEventId(user.id);
  const [panel, unreadMessages] = await Promise.all([
    loadNotificationPanel(user.id, locale),
    countUnreadMessages(user.id, user.roles),
  ]);
  return { ...panel, unreadMessages, loadedAt: Date.now(), realtimeAfter };
}
