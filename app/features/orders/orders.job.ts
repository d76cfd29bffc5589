import { addDays } from "date-fns/addDays";
import { startOfDay } from "date-fns/startOfDay";
import { z } from "zod";
import { defineJob, handleJob, queueJob } from "~/platform/db/job-queue.server";
import { completeFinishedOrders } from "./complete-order.server";
import { expireOffer } from "./offers.server";
import { offerExpiryJob } from "./next-offer.server";
import { extendVisitHorizons } from "./visit-horizon.server";

// The care loop's background jobs: an offer unanswered for 24 h passes to the
// next match (queued with the offer by createNextOffer); once a day the
// recurring orders' visits are extended so that eight weeks are always
// booked, and orders in progress whose schedule is over are completed. Registered in app/platform/jobs/registry.server.ts.

/** The offer-expiry job's handler (the job is declared where offers are made, next-offer.server.ts). */
export const offerExpiryJobDefinition = handleJob(offerExpiryJob, async ({ offerId }) => {
  await expireOffer({ offerId });
});

/** Daily: extends the recurring orders' visits to the horizon, then schedules its next run. */
export const visitHorizonJob = defineJob({
  name: "orders.visit-horizon",
  payload: z.object({}),
  run: async () => {
    await extendVisitHorizons();
    await completeFinishedOrders();
    return { next: addDays(startOfDay(new Date()), 1) };
  },
});

export const orderJobs = [offerExpiryJobDefinition, visitHorizonJob];

/** Makes sure the daily horizon job exists (one per database, whatever the number of processes). */
export async function scheduleOrderJobs() {
  await queueJob(visitHorizonJob, {}, { key: "visit-horizon" });
}
