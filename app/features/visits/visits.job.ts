import { addMinutes } from "date-fns/addMinutes";
import { startOfMinute } from "date-fns/startOfMinute";
import { z } from "zod";
import { defineJob, queueJob } from "~/platform/db/job-queue.server";
import { APPOINTMENT_REMINDERS_KEY, appointmentRemindersJob } from "./reminders.job";
import { sweepVisits } from "./visit-alerts.server";
import { expireScheduleChanges } from "./schedule-changes.server";
import { expireVisitMoves } from "./visit-moves.server";

// The visits' background job (docs/product-rules.md, "Visits"): once a
// minute, visits not checked in are alerted, offered to backup caregivers or
// marked missed (visit-alerts.server.ts), and moves and schedule changes past their deadline expire. Registered in
// app/platform/jobs/registry.server.ts, scheduled at boot by scheduleVisitJobs.
//
// Why a sweep and not a job per visit at start + 15 and start + 30 min
// (docs/decisions/0012-job-queue.md sketched both): the thresholds are
// settings an admin can change at any time, and a change must hold for visits
// already booked; per-visit jobs would carry the old times (or need re-queueing
// for every future visit on each change). Visits are also created in several
// places (confirmation, assignment, the daily horizon), re-assigned by
// backups and cancelled; a sweep needs none of them to remember a job, and a
// minute of delay is within what the alerts promise. One indexed query a
// minute (visits_due_idx: scheduled visits by start) is cheap; each visit is
// then handled under its row lock, stamped, so re-runs repeat nothing.

export const visitsLateSweepJob = defineJob({
  name: "visits.late-sweep",
  payload: z.object({}),
  run: async () => {
    await sweepVisits();
    // Moves the caregiver left unanswered past their deadline go to the backup flow (visit-moves.server.ts).
    await expireVisitMoves();
    // Schedule changes left unanswered go to the admins, the visits unchanged (schedule-changes.server.ts).
    await expireScheduleChanges();
    return { next: addMinutes(startOfMinute(new Date()), 1) };
  },
});

export const visitJobs = [visitsLateSweepJob, appointmentRemindersJob];

/** Makes sure the sweeps are queued (one each per database, whatever the number of processes). */
export async function scheduleVisitJobs() {
  await queueJob(visitsLateSweepJob, {}, { key: "visits-late-sweep" });
  await queueJob(appointmentRemindersJob, {}, { key: APPOINTMENT_REMINDERS_KEY });
}
