import { NOTIFICATION_TYPES, type NotificationSubtype, type NotificationType } from "~/utils/notifications";

// Delivery preferences (docs/product-rules.md, "Notifications"): per
// notification type, whether it shows in the app, is emailed, is pushed to
// the person's subscribed devices and, for urgent alerts only, is texted to
// their verified phone (docs/decisions/0049-text-messages.md). Shared by the
// settings screens and the server.

export const CHANNELS = ["inApp", "email", "push", "sms"] as const;
export type Channel = (typeof CHANNELS)[number];

export type ChannelChoice = Record<Channel, boolean>;
export type DeliveryPreferences = Record<NotificationType, ChannelChoice>;

/**
 * Until a person chooses: everything in the app; email and push for every type (push needs a
 * subscribed device); no texts (they need a verified phone and the person's yes).
 */
export const DEFAULT_CHANNELS: ChannelChoice = { inApp: true, email: true, push: true, sms: false };

export function defaultPreferences(): DeliveryPreferences {
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_CHANNELS }])) as DeliveryPreferences;
}

/**
 * The urgent alerts, the only notifications ever texted (docs/decisions/0049-text-messages.md): a
 * caregiver not checked in, a missed visit, no backup caregiver free, a visit moved within
 * care_settings.late_move_hours (docs/decisions/0051-moving-a-visit.md). Each with its type, whose SMS
 * choice governs it.
 */
export const SMS_ALERTS = {
  visit_late: "schedule",
  visit_missed: "schedule",
  no_backup: "schedule",
  visit_moved_late: "schedule",
} as const satisfies Partial<Record<NotificationSubtype, NotificationType>>;
export type SmsAlert = keyof typeof SMS_ALERTS;

/** The types that have urgent alerts: only these offer the text-message channel. */
export const SMS_TYPES: readonly NotificationType[] = [...new Set(Object.values(SMS_ALERTS))];

/** Whether a notification is one that may be texted: an urgent alert of its type. */
export function isSmsAlert(notification: {
  type: NotificationType;
  subtype?: string | null;
  priority: "normal" | "urgent";
}): boolean {
  if (notification.priority !== "urgent" || !notification.subtype) return false;
  const type = (SMS_ALERTS as Record<string, NotificationType | undefined>)[notification.subtype];
  return type === notification.type;
}

/** Whether a channel is offered for a type (texts only where urgent alerts are). */
export function isChannelOffered(type: NotificationType, channel: Channel): boolean {
  return channel !== "sms" || SMS_TYPES.includes(type);
}
