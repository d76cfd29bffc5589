// What other features may call of this one on the server (docs/architecture.md, "1. Layers"): the reads,
// locks and services they use. Everything else in this folder is the feature's own.
export { wantsEmail, withEmailOff } from "./delivery-preferences.server";
export {
  countNotifications,
  loadNotificationPanel,
  notificationCountsSql,
  tallyNotificationCounts,
  type NotificationCountRow,
} from "./notifications.server";
export { queueNotification, type NotificationRequest } from "./notify.server";
export { withAccountUnsubscribe } from "./unsubscribe.server";
