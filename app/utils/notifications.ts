// The pure rules of the notification panel (docs/product-rules.md, "Notifications panel"): filters,
// counts and badges (the day/week grouping is notification-groups.ts, with date-fns). Persisted notifications arrive
// later; the panel renders whatever list it is given.

export const NOTIFICATION_TYPES = ["order", "payment", "caregiver", "schedule", "message", "system"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export type NotificationSubtype =
  | "order_confirmed"
  | "order_completed"
  | "payment_due"
  | "payment_overdue"
  | "payment_processed"
  | "caregiver_assigned"
  | "appointment_reminder"
  | "new_message"
  // Beyond the spec's list (docs/product-rules.md, "Notifications").
  | "offer_received"
  | "job_assigned"
  | "caregiver_found"
  | "no_caregiver_yet"
  | "order_cancelled"
  | "visit_late"
  | "visit_missed"
  | "visit_cancelled"
  | "backup_offer"
  | "no_backup"
  | "visit_reassigned"
  | "family_code_closed"
  | "caregiver_on_the_way"
  | "visit_move_requested"
  | "visit_move_accepted"
  | "visit_moved_late"
  | "application_approved"
  | "application_declined"
  | "welcome"
  | "training_required"
  | "credential_expiring";

export type NotificationStatus = "unread" | "read" | "archived";

export type Notification = {
  id: string;
  type: NotificationType;
  subtype?: NotificationSubtype;
  title: string;
  message: string;
  status: NotificationStatus;
  priority: "urgent" | "normal";
  /** ISO 8601 timestamp. */
  createdAt: string;
  avatarUrl?: string | null;
  actionText?: string;
  actionUrl?: string;
  metadata?: { amount?: number; serviceDate?: string; caregiverName?: string; requiresAction?: boolean };
};

export type NotificationFilter = "all" | "unread" | NotificationType;

export const NOTIFICATION_FILTERS: { id: NotificationFilter; label: string }[] = [
  { id: "all", label: "All" },
  { id: "unread", label: "Unread" },
  { id: "order", label: "Orders" },
  { id: "payment", label: "Payments" },
  { id: "caregiver", label: "Caregivers" },
  { id: "schedule", label: "Schedule" },
  { id: "message", label: "Messages" },
  { id: "system", label: "System" },
];

// The counts' labels (headerBadgeLabel, chipCountLabel) are in count-labels.ts, which the header loads on
// every page without date-fns.

export function byNewestFirst(a: Notification, b: Notification) {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/** What the panel lists: everything except archived items, newest first. */
export function visibleNotifications(notifications: readonly Notification[]): Notification[] {
  return notifications.filter((item) => item.status !== "archived").sort(byNewestFirst);
}

export function unreadCount(notifications: readonly Notification[]): number {
  return notifications.filter((item) => item.status === "unread").length;
}

export function matchesFilter(notification: Notification, filter: NotificationFilter): boolean {
  if (notification.status === "archived") return false;
  if (filter === "all") return true;
  if (filter === "unread") return notification.status === "unread";
  return notification.type === filter;
}

export function filterNotifications(notifications: readonly Notification[], filter: NotificationFilter) {
  return visibleNotifications(notifications).filter((item) => matchesFilter(item, filter));
}

export function countsByFilter(notifications: readonly Notification[]): Record<NotificationFilter, number> {
  const counts = Object.fromEntries(NOTIFICATION_FILTERS.map((filter) => [filter.id, 0])) as Record<
    NotificationFilter,
    number
  >;
  for (const item of notifications) {
    for (const filter of NOTIFICATION_FILTERS) if (matchesFilter(item, filter.id)) counts[filter.id] += 1;
  }
  return counts;
}

/** The count behind every chip, kept by the server over all of a person's notifications. */
export type NotificationCounts = Record<NotificationFilter, number>;

/** What the person asks of their notifications (sent to /api/notifications). */
export type NotificationChange =
  { action: "read" | "unread" | "archive" | "delete"; ids: string[] } | { action: "read-all" };

export type NotificationList = { notifications: Notification[]; counts: NotificationCounts };

/**
 * The chrome's notification data: the counts and the unread messages on every page, the panel's list only once
 * the panel asked for it (null until then: docs/decisions/0061-the-notification-list-on-demand.md).
 */
export type NotificationCenterData = Omit<NotificationList, "notifications"> & {
  notifications: Notification[] | null;
  unreadMessages: number;
  /** When this was read (ms): the browser keeps the newest of the root loader's and its own reloads. */
  loadedAt: number;
};

const STATUS_AFTER: Record<"read" | "unread" | "archive", NotificationStatus> = {
  read: "read",
  unread: "unread",
  archive: "archived",
};

/**
 * The list and counts as they will be once the server has made `change`
 * (docs/product-rules.md, "Notifications"): shown at once, before the server answers. Archived
 * and deleted items leave the list; the unread count drops only when an unread item leaves unread.
 */
export function applyNotificationChange(list: NotificationList, change: NotificationChange): NotificationList {
  const counts = { ...list.counts };
  const targets =
    change.action === "read-all"
      ? new Set(list.notifications.filter((item) => item.status === "unread").map((item) => item.id))
      : new Set(change.ids);
  const next: Notification[] = [];
  for (const item of list.notifications) {
    if (!targets.has(item.id)) {
      next.push(item);
      continue;
    }
    const wasUnread = item.status === "unread";
    if (change.action === "delete" || change.action === "archive") {
      counts.all -= 1;
      counts[item.type] -= 1;
      if (wasUnread) counts.unread -= 1;
      continue;
    }
    const status = change.action === "read-all" ? "read" : STATUS_AFTER[change.action];
    if (wasUnread && status === "read") counts.unread -= 1;
    if (!wasUnread && status === "unread") counts.unread += 1;
    next.push({ ...item, status });
  }
  return { notifications: next, counts };
}
