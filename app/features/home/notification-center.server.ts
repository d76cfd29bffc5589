import type { CurrentUser } from "~/platform/auth/session.server";
import { countUnreadMessages } from "~/features/messaging/public.server";
import type { Locale } from "~/i18n/config";
import { latestEventId } from "~/platform/realtime/hub.server";
import type { NotificationList } from "~/utils/notifications";
import { loadNotificationPanel } from "~/features/notifications/public.server";

// What every signed-in page's chrome shows (root loader, /api/notifications):
// the notification panel's list and counts, the unread messages badge, and
// where the page's realtime stream starts.

export type NotificationCenterData = NotificationList & {
  unreadMessages: number;
  /** When this was read (ms): the browser keeps the newest of the root loader's and its own reloads. */
  loadedAt: number;
};

/** The chrome's notification data; the notifications worded in `locale`, the page's language. */
export async function loadNotificationCenter(
  user: Pick<CurrentUser, "id" | "roles">,
  locale: Locale,
): Promise<NotificationCenterData & { realtimeAfter: number }> {
  // The cursor first: whatever changes after the reads below comes on the stream.
  const realtimeAfter = await latestEventId(user.id);
  const [panel, unreadMessages] = await Promise.all([
    loadNotificationPanel(user.id, locale),
    countUnreadMessages(user.id, user.roles),
  ]);
  return { ...panel, unreadMessages, loadedAt: Date.now(), realtimeAfter };
}
