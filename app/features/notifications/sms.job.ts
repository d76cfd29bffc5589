import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/platform/db/client.server";
import { defineJob } from "~/platform/db/job-queue.server";
import { jobs, smsPhones } from "~/platform/db/schema";
import { sendSms, SmsProviderError } from "~/platform/sms/provider.server";
import { getEnv } from "~/utils/env.server";
import { markOptedOut } from "./sms-opt-out.server";

// One text message (docs/decisions/0049-text-messages.md), queued by the phone's verification
// (sms-phone.server.ts) or by an urgent alert's delivery (delivery.server.ts); never sent inside a
// request. Before sending it checks again that the number is still the person's and, for an alert,
// verified and not opted out. A timeout, a network failure or a 5xx throws, and the job runner tries
// again later; a 4xx is final (logged, not retried); error 21610 (the number replied STOP) marks the
// number opted out. Once sent, a code's text is cleared from the job's row.

export const SmsJobPayload = z.object({
  userId: z.string().min(1),
  kind: z.enum(["code", "alert"]),
  to: z.string().regex(/^\+[1-9]\d{6,14}$/),
  body: z.string().min(1).max(1600),
});

export const sendSmsJob = defineJob({
  name: "notifications.sms",
  payload: SmsJobPayload.or(z.object({ userId: z.string(), kind: z.literal("sent") })),
  async run(payload, context) {
    if (payload.kind === "sent") return;
    const settings = getEnv().sms;
    if (!settings) return;
    const [phone] = await db
      .select()
      .from(smsPhones)
      .where(and(eq(smsPhones.userId, payload.userId), eq(smsPhones.phone, payload.to)));
    // The number was changed or removed since, or (an alert) is not verified or replied STOP.
    if (!phone) return;
    if (payload.kind === "alert" && (!phone.verifiedAt || phone.optedOutAt)) return;
    try {
      await sendSms(settings, { to: payload.to, body: payload.body });
    } catch (error) {
      if (!(error instanceof SmsProviderError) || error.isRetryable) throw error;
      if (error.isUnsubscribed) await markOptedOut(payload.to, new Date());
      console.warn(`A text message was refused and is not retried (job ${context.jobId}): ${error.message}`);
      return;
    }
    if (payload.kind === "code") {
      await db
        .update(jobs)
        .set({ payload: { userId: payload.userId, kind: "sent" } })
        .where(eq(jobs.id, context.jobId))
        .catch((error: unknown) =>
          console.error("Could not clear a sent code's text:", error instanceof Error ? error.message : error),
        );
    }
  },
});

export const smsJobs = [sendSmsJob];
