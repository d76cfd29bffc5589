import { isAfter } from "date-fns/isAfter";
import { isSameDay } from "date-fns/isSameDay";
import { isSameMonth } from "date-fns/isSameMonth";
import { isSameWeek } from "date-fns/isSameWeek";
import { subDays } from "date-fns/subDays";
import { subWeeks } from "date-fns/subWeeks";

// The pure rules of the notification panel (docs/product-rules.md, "Notifications panel"): filters,
// counts, badges and the day/week grouping. Persisted notifications arrive
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

/** The header badge stops at 9+, the bell's list and the chips at 99+. */
export const HEADER_BADGE_CAP = 9;
export const CHIP_COUNT_CAP = 99;

export function capCount(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count);
}

export function headerBadgeLabel(unread: number): string {
  return capCount(unread, HEADER_BADGE_CAP);
}

export function chipCountLabel(count: number): string {
  return capCount(count, CHIP_COUNT_CAP);
}

function byNewestFirst(a: Notification, b: Notification) {
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

export const NOTIFICATION_GROUPS = ["Today", "Yesterday", "This Week", "Last Week", "This Month", "Older"] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

// Weeks start on Monday (docs/product-rules.md, "Notifications panel").
const WEEK = { weekStartsOn: 1 } as const;

/** The list heading a notification falls under, in the viewer's local time. */
export function groupFor(date: Date, now: Date): NotificationGroup {
  // A clock a little ahead of ours must not push an item into "Older".
  if (isSameDay(date, now) || isAfter(date, now)) return "Today";
  if (isSameDay(date, subDays(now, 1))) return "Yesterday";
  if (isSameWeek(date, now, WEEK)) return "This Week";
  if (isSameWeek(date, subWeeks(now, 1), WEEK)) return "Last Week";
  if (isSameMonth(date, now)) return "This Month";
  return "Older";
}

export type NotificationSection = { group: NotificationGroup; items: Notification[] };

/** Non-empty sections in the panel's order, each newest first. */
export function groupNotifications(notifications: readonly Notification[], now: Date): NotificationSection[] {
  const sections = new Map<NotificationGroup, Notification[]>();
  for (const item of [...notifications].sort(byNewestFirst)) {
    const group = groupFor(new Date(item.createdAt), now);
    sections.set(group, [...(sections.get(group) ?? []), item]);
  }
  return NOTIFICATION_GROUPS.flatMap((group) => {
    const items = sections.get(group);
    return items ? [{ group, items }] : [];
  });
}

/** The count behind every chip, kept by the server over all of a person's notifications. */
export type NotificationCounts = Record<NotificationFilter, number>;

/** What the person asks of their notifications (sent to /api/notifications). */
export type NotificationChange =
  { action: "read" | "unread" | "archive" | "delete"; ids: string[] } | { action: "read-all" };

export type NotificationList = { notifications: Notification[]; counts: NotificationCounts };

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
