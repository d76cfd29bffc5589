import { addHours } from "date-fns/addHours";
import { startOfHour } from "date-fns/startOfHour";
import { z } from "zod";
import { defineJob, queueJob } from "~/platform/db/job-queue.server";
import { sweepCredentialReminders } from "./credentials.server";

// The reminders 30 and 7 days before a credential's date (docs/product-rules.md, "Credentials that expire"): an
// hourly sweep queued at boot under one key, as training's (docs/decisions/0037-training.md). The stamps on each
// credential, cleared by a renewal, make a re-run remind nobody twice.

export const credentialRemindersJob = defineJob({
  name: "credentials.expiry-reminders",
  payload: z.object({}),
  run: async () => {
    await sweepCredentialReminders();
    return { next: addHours(startOfHour(new Date()), 1) };
  },
});

export const credentialJobs = [credentialRemindersJob];

export async function scheduleCredentialJobs() {
  await queueJob(credentialRemindersJob, {}, { key: "credentials-expiry-reminders" });
}
