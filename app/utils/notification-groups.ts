import { isAfter } from "date-fns/isAfter";
import { isSameDay } from "date-fns/isSameDay";
import { isSameMonth } from "date-fns/isSameMonth";
import { isSameWeek } from "date-fns/isSameWeek";
import { subDays } from "date-fns/subDays";
import { subWeeks } from "date-fns/subWeeks";

import { byNewestFirst, type Notification } from "./notifications";

// The notification panel's day and week grouping (docs/product-rules.md, "Notifications panel"). Apart from
// utils/notifications.ts, whose types and rules forms and the header use on public pages too, so that only the
// panel loads date-fns (docs/decisions/0041-what-a-page-carries.md).

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
