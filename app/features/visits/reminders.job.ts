import { addMinutes } from "date-fns/addMinutes";
import { startOfMinute } from "date-fns/startOfMinute";
import { z } from "zod";
import { defineJob } from "~/platform/db/job-queue.server";
import { sweepReminders } from "./appointment-reminders.server";

// The appointment reminders' job (docs/product-rules.md, "Notifications"):
// once a minute, visits a day or an hour away are reminded to their family
// and caregiver (appointment-reminders.server.ts). Listed in visitJobs
// (visits.job.ts) and queued at boot by scheduleVisitJobs. The job keeps the
// name it was first queued under, so that pending rows still find it.
//
// A sweep rather than a job per visit, for the reasons of the late-visit sweep
// (visits.job.ts): visits are created, re-assigned and cancelled in many
// places, and none of them needs to remember a reminder; a visit's stamps,
// set under its row lock, make re-runs and concurrent runs remind once.

export const appointmentRemindersJob = defineJob({
  name: "notifications.appointment-reminders",
  payload: z.object({}),
  run: async () => {
    await sweepReminders();
    return { next: addMinutes(startOfMinute(new Date()), 1) };
  },
});

/** The queue key that keeps one pending sweep per database. */
export const APPOINTMENT_REMINDERS_KEY = "appointment-reminders";
