import { eq, sql } from "drizzle-orm";
import type WebPush from "web-push";
import { loadOnUse } from "~/utils/load-on-use.server";

/** Loaded with the first push sent (utils/load-on-use.server.ts). */
const webpush = loadOnUse<typeof WebPush>("web-push");
import { z } from "zod";
import { db } from "~/platform/db/client.server";
import { defineJob } from "~/platform/db/job-queue.server";
import { pushSubscriptions } from "~/platform/db/schema";
import { loadVapidDetails } from "./vapid.server";

// One push message to one subscribed browser (docs/product-rules.md,
// "Notification delivery"), queued by deliverBeyondApp. The message is
// encrypted for the browser and signed with our VAPID key (web-push), then
// posted to the browser's push service. A push service that says the
// subscription is gone (404, 410) gets it deleted; any other failure counts
// against the subscription and the job runner tries again later.

export const PushPayloadSchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(1000),
  /** Where a click on the notification opens: an address of this app. */
  url: z.string().min(1).max(2000),
  /** The notification's id: a device shows one notification per tag. */
  tag: z.string().min(1).max(100),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

const SendPushPayload = z.object({
  subscriptionId: z.uuid(),
  message: PushPayloadSchema,
  isUrgent: z.boolean().default(false),
});

/** How long the push service keeps a message for a device that is off: a day, an hour when urgent. */
export const PUSH_TTL_SECONDS = { normal: 24 * 60 * 60, urgent: 60 * 60 } as const;
const PUSH_TIMEOUT_MS = 15_000;

export class PushServiceError extends Error {
  override name = "PushServiceError";
  constructor(readonly statusCode: number) {
    super(`The push service answered ${statusCode}`);
  }
}

export const sendPushJob = defineJob({
  name: "notifications.push",
  payload: SendPushPayload,
  async run({ subscriptionId, message, isUrgent }) {
    const [subscription] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    // Turned off, or gone, since the job was queued.
    if (!subscription) return;
    const vapid = await loadVapidDetails();
    if (!vapid) return;
    const request = webpush().generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: vapid,
        TTL: isUrgent ? PUSH_TTL_SECONDS.urgent : PUSH_TTL_SECONDS.normal,
        urgency: isUrgent ? "high" : "normal",
        contentEncoding: "aes128gcm",
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        // fetch sets the length of the body itself.
        .filter(([name]) => name.toLowerCase() !== "content-length")
        .map(([name, value]) => [name, String(value)]),
    );
    let status: number;
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        // A copy on an ArrayBuffer of its own: what fetch's types take.
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: "manual",
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      status = response.status;
    } catch (error) {
      await countFailure(subscription.id);
      throw error;
    }
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return;
    }
    if (status < 200 || status >= 300) {
      await countFailure(subscription.id);
      throw new PushServiceError(status);
    }
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: sql`now()`, failures: 0 })
      .where(eq(pushSubscriptions.id, subscription.id));
  },
});

async function countFailure(subscriptionId: string) {
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, subscriptionId));
}

export const pushJobs = [sendPushJob];
