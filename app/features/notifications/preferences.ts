import { NOTIFICATION_TYPES, type NotificationType } from "~/utils/notifications";

// Delivery preferences (docs/product-rules.md, "Notifications"): per
// notification type, whether it shows in the app, is emailed and is pushed to
// the person's subscribed devices. Shared by the settings screens and the server.

export const CHANNELS = ["inApp", "email", "push"] as const;
export type Channel = (typeof CHANNELS)[number];

export type ChannelChoice = Record<Channel, boolean>;
export type DeliveryPreferences = Record<NotificationType, ChannelChoice>;

/** Until a person chooses: everything in the app; email and push for every type (push needs a subscribed device). */
export const DEFAULT_CHANNELS: ChannelChoice = { inApp: true, email: true, push: true };

export function defaultPreferences(): DeliveryPreferences {
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_CHANNELS }])) as DeliveryPreferences;
}
