import { addDays } from "date-fns/addDays";
import { startOfDay } from "date-fns/startOfDay";
import { z } from "zod";
import { defineJob, handleJob, queueJob } from "~/platform/db/job-queue.server";
import { db } from "~/platform/db/client.server";
import { pruneIdempotencyKeysJob } from "~/platform/db/idempotency.server";
import { accountLocale } from "~/platform/auth/account-locale.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { pruneRealtimeEvents } from "~/platform/realtime/publish.server";
import type { Notification } from "~/utils/notifications";
import { deliverBeyondApp } from "./delivery.server";
import { pushJobs } from "./push.job";
import { smsJobs } from "./sms.job";
import { loadDeliveryPreferences, storeNotification } from "./notifications.server";
import { deliverNotificationJob } from "./notify.server";
import { wordNotification, type NotificationWording } from "./wording.server";

// The notification job (notify.server.ts queues it): the text in the person's
// language, stored when they want it in the app (with its key and values, so
// the panel can word it again in another language), and its email and pushes
// queued, all in one transaction: a retry finds everything done or nothing.

export const deliverNotificationHandler = handleJob(deliverNotificationJob, async (payload) => {
  const locale = (await accountLocale(payload.userId)) ?? DEFAULT_LOCALE;
  const wording: NotificationWording = { key: payload.key, params: payload.params, times: payload.times };
  const text = wordNotification(wording, locale);
  const content = {
    userId: payload.userId,
    type: payload.type,
    subtype: payload.subtype ?? null,
    ...text,
    // No link, no action to name (an alerts-only family member's alert: docs/product-rules.md, "Family circle").
    actionText: payload.actionUrl ? text.actionText : null,
    wording,
    priority: payload.priority,
    avatarUrl: payload.avatarUrl ?? null,
    actionUrl: payload.actionUrl ?? null,
    metadata: payload.metadata,
  };
  if (!content.title) throw new Error(`No notification text for ${payload.key} (${locale})`);
  const channels = (await loadDeliveryPreferences(payload.userId))[payload.type];
  // One transaction: the stored notification and its queued email and pushes commit together.
  await db.transaction(async (tx) => {
    let notification: Notification;
    if (channels.inApp) {
      const stored = await storeNotification(tx, content, locale);
      // An identical unread one was refreshed: its email and push went out already.
      if (!stored.isNew) return;
      notification = stored.notification;
    } else {
      const { wording: _wording, ...shown } = content;
      notification = {
        id: "",
        ...shown,
        subtype: undefined,
        status: "unread",
        createdAt: new Date().toISOString(),
        actionText: content.actionText ?? undefined,
        actionUrl: content.actionUrl ?? undefined,
      };
    }
    const delivery = {
      userId: payload.userId,
      locale,
      notification,
      subtype: payload.subtype ?? null,
      channels,
      emailedSeparately: payload.emailedSeparately,
    };
    await deliverBeyondApp(delivery, new Date(), tx);
  });
});

/** Once a day: realtime events older than their replay window go (docs/decisions/0014-realtime-over-sse.md). */
export const pruneRealtimeJob = defineJob({
  name: "realtime.prune",
  payload: z.object({}),
  run: async () => {
    await pruneRealtimeEvents(db);
    return { next: addDays(startOfDay(new Date()), 1) };
  },
});

export const notificationJobs = [deliverNotificationHandler, pruneRealtimeJob, ...pushJobs, ...smsJobs];

/** Makes sure the periodic jobs are queued (one per database, whatever the number of processes). */
export async function scheduleNotificationJobs() {
  await queueJob(pruneRealtimeJob, {}, { key: "realtime-prune" });
  // Housekeeping beside realtime.prune: the forms' idempotency keys expire after a day (app/platform/db/idempotency.server.ts).
  await queueJob(pruneIdempotencyKeysJob, {}, { key: "idempotency-prune" });
}
