import { addDays, startOfDay } from "date-fns";
import { enqueueJob, OFFER_EXPIRY_JOB, VISIT_HORIZON_JOB } from "./order-core.server";
import { expireOffer, extendVisitHorizons } from "./offers.server";
import { db } from "~/db/client.server";

// The care loop's background jobs: an offer unanswered for 24 h passes to the
// next match; once a day the recurring orders' visits are extended so that
// eight weeks are always booked.

export const orderJobHandlers = {
  [OFFER_EXPIRY_JOB]: async (payload: Record<string, unknown>) => {
    await expireOffer({ offerId: String(payload.offerId) });
  },
  [VISIT_HORIZON_JOB]: async () => {
    await extendVisitHorizons();
    return { next: addDays(startOfDay(new Date()), 1) };
  },
};

/** Makes sure the daily horizon job exists (one per database, whatever the number of processes). */
export async function scheduleOrderJobs() {
  await enqueueJob(db, { name: VISIT_HORIZON_JOB, key: "visit-horizon" });
}
