import { addHours } from "date-fns/addHours";
import { startOfHour } from "date-fns/startOfHour";
import { z } from "zod";
import { defineJob, queueJob } from "~/platform/db/job-queue.server";
import { sweepTrainingReminders } from "./training-reminders.server";

// The reminder before a required module's date (docs/product-rules.md,
// "Caregiver training"): an hourly sweep (training-reminders.server.ts), queued
// at boot by scheduleTrainingJobs under one key. A sweep rather than a job per
// module: an admin may move or clear the date at any time, and the module's
// stamp, cleared when the date changes, makes re-runs remind once.

export const trainingRemindersJob = defineJob({
  name: "training.due-reminders",
  payload: z.object({}),
  run: async () => {
    await sweepTrainingReminders();
    return { next: addHours(startOfHour(new Date()), 1) };
  },
});

export const trainingJobs = [trainingRemindersJob];

export async function scheduleTrainingJobs() {
  await queueJob(trainingRemindersJob, {}, { key: "training-due-reminders" });
}
