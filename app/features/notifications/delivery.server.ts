import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { db, type Tx } from "~/platform/db/client.server";
import { queueJob } from "~/platform/db/job-queue.server";
import { pushSubscriptions, smsPhones, userProfiles } from "~/platform/db/schema";
import { sendEmail } from "~/platform/email/mailer.server";
import { withUnsubscribeLink } from "~/platform/email/templates/layout";
import { notificationEmail } from "~/platform/email/templates/notification-emails";
import type { Locale } from "~/i18n/config";
import { getEnv } from "~/utils/env.server";
import type { Notification } from "~/utils/notifications";
import { loadQuietHours } from "./delivery-preferences.server";
import { isSmsAlert, type ChannelChoice } from "./preferences";
import { sendPushJob } from "./push.job";
import { sendSmsJob } from "./sms.job";
import { smsAlertText } from "./sms-text.server";
import { quietHoursEnd } from "./quiet-hours";
import { emailUnsubscribeUrl } from "./unsubscribe.server";

// Delivery beyond the app (docs/product-rules.md, "Notification delivery"):
// email, web push and text messages, by the person's preferences and quiet
// hours. Called by the notification job once the notification is stored; it
// only queues the email, one push job per subscribed device and the text,
// together in one transaction. During quiet hours email and push are queued to
// run when the quiet hours end; an urgent notification goes out at once. A text
// goes only for an urgent alert (preferences.ts, SMS_ALERTS) to a verified
// phone that has not replied STOP, when texts are configured
// (docs/decisions/0049-text-messages.md): urgent, so never held by quiet hours.

export type Delivery = {
  userId: string;
  locale: Locale;
  notification: Notification;
  /** The notification's subtype (kept here: a notification not stored in the app has none of its own). */
  subtype?: string | null;
  channels: ChannelChoice;
  emailedSeparately: boolean;
};

/** The address a notification leads to: its own page in the app, else the app's start. */
function appAddress(actionUrl: string | undefined): string {
  return `${getEnv().appUrl}${actionUrl ?? "/"}`;
}

/**
 * Queues the notification's email and pushes. Pass the notification job's
 * transaction `within` so that storing it and queueing its deliveries commit
 * together: a retry then finds both done, or neither.
 */
export async function deliverBeyondApp(delivery: Delivery, now: Date = new Date(), within?: Tx): Promise<void> {
  const { userId, locale, notification, channels } = delivery;
  const isEmailWanted = channels.email && !delivery.emailedSeparately;
  const isUrgent = notification.priority === "urgent";
  const isTextWanted =
    channels.sms &&
    getEnv().sms !== null &&
    isSmsAlert({
      type: notification.type,
      subtype: delivery.subtype ?? notification.subtype,
      priority: notification.priority,
    });
  if (!isEmailWanted && !channels.push && !isTextWanted) return;
  const url = appAddress(notification.actionUrl);
  const queueDeliveries = async (tx: Tx) => {
    const quiet = await loadQuietHours(userId, tx);
    const runAt = (!isUrgent && quiet.isOn ? quietHoursEnd(quiet, now) : null) ?? undefined;
    if (isEmailWanted) {
      const [account] = await tx
        .select({ email: userProfiles.email })
        .from(userProfiles)
        .where(eq(userProfiles.id, userId));
      if (account) {
        const email = withUnsubscribeLink(
          notificationEmail({
            title: notification.title,
            message: notification.message,
            actionText: notification.actionText,
            url,
            locale,
          }),
          { url: await emailUnsubscribeUrl(userId, notification.type), locale },
        );
        await sendEmail({ to: account.email, ...email }, tx, { runAt });
      }
    }
    if (channels.push) {
      const devices = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      const message = {
        title: notification.title,
        body: notification.message,
        url,
        // Not stored in the app (in-app off): a tag of its own.
        tag: notification.id || randomUUID(),
      };
      for (const device of devices)
        await queueJob(sendPushJob, { subscriptionId: device.id, message, isUrgent }, { tx, runAt });
    }
    if (isTextWanted) {
      const [phone] = await tx
        .select({ phone: smsPhones.phone })
        .from(smsPhones)
        .where(and(eq(smsPhones.userId, userId), isNotNull(smsPhones.verifiedAt), isNull(smsPhones.optedOutAt)));
      if (phone) {
        const body = smsAlertText({ title: notification.title, url }, locale);
        await queueJob(sendSmsJob, { userId, kind: "alert", to: phone.phone, body }, { tx });
      }
    }
  };
  await (within ? queueDeliveries(within) : db.transaction(queueDeliveries));
}
