import type { CurrentUser } from "~/platform/auth/session.server";
import { countUnreadMessages } from "~/features/messaging/public.server";
import type { Locale } from "~/i18n/config";
import { latestEventId } from "~/platform/realtime/hub.server";
import type { NotificationCenterData } from "~/utils/notifications";
import { countNotifications, loadNotificationPanel } from "~/features/notifications/public.server";

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
  // The cursor first: whatever changes after the reads below comes on the stream.
  const realtimeAfter = await latestEventId(user.id);
  const [panel, unreadMessages] = await Promise.all([
    withList
      ? loadNotificationPanel(user.id, locale)
      : countNotifications(user.id).then((counts) => ({ notifications: null, counts })),
    countUnreadMessages(user.id, user.roles),
  ]);
  return { ...panel, unreadMessages, loadedAt: Date.now(), realtimeAfter };
}
