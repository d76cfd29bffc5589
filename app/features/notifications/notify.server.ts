import { z } from "zod";
import { defineJob, queueJob } from "~/platform/db/job-queue.server";
import { NOTIFICATION_TYPES } from "~/utils/notifications";
import type { Executor } from "~/platform/db/client.server";

// How a domain event notifies a person (docs/product-rules.md, "Notifications"):
// queueNotification in the transaction of the change, naming the text by its
// key in the `notifications` namespace. The job (notifications.job.ts) writes
// it in the person's language, stores it when they want it in the app, and
// hands it to email and push by their preferences (delivery.server.ts), so a
// notification exists if and only if its cause committed.

export const NotificationJobPayload = z.object({
  userId: z.string().min(1),
  type: z.enum(NOTIFICATION_TYPES),
  subtype: z.string().min(1).optional(),
  /** The text's key in the notifications namespace: `<key>.title`, `<key>.message`, `<key>.action`. */
  key: z.string().min(1),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  /** Instants to write in the person's language: { name: { at, timeZone } } becomes params[name]. */
  times: z.record(z.string(), z.object({ at: z.iso.datetime({ offset: true }), timeZone: z.string() })).default({}),
  priority: z.enum(["normal", "urgent"]).default("normal"),
  /** A path inside the app (never another site). */
  actionUrl: z
    .string()
    .regex(/^\/(?!\/)/)
    .optional(),
  avatarUrl: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).default({}),
  /** A dedicated email already goes out for this event: no second, generic one. */
  emailedSeparately: z.boolean().default(false),
});
export type NotificationRequest = z.input<typeof NotificationJobPayload>;

/** The job type (its handler is in notifications.job.ts). */
export const deliverNotificationJob = defineJob({ name: "notifications.deliver", payload: NotificationJobPayload });

/** Queues a notification to one person, in the transaction `tx` of its cause. */
export async function queueNotification(tx: Executor, request: NotificationRequest): Promise<void> {
  await queueJob(deliverNotificationJob, request, { tx });
}

/** The same notification to several people (each in their own language). */
export async function queueNotifications(
  tx: Executor,
  userIds: readonly string[],
  request: Omit<NotificationRequest, "userId">,
): Promise<void> {
  for (const userId of new Set(userIds)) await queueNotification(tx, { ...request, userId });
}
