import { addHours } from "date-fns/addHours";
import { startOfHour } from "date-fns/startOfHour";
import { z } from "zod";
import { defineJob, queueJob } from "~/platform/db/job-queue.server";
import { issueInvoices } from "./issue-invoices.server";
import type { Executor } from "~/platform/db/client.server";

// Billing's background job (docs/product-rules.md, "Billing and pay"): every hour it issues the
// invoices due (a recurring order's week is over at midnight where its care happens, so an hour's
// wait at most); a check-out or an admin's correction that completes a visit queues it for that
// order at once, so that a one-time visit's invoice follows its check-out within moments.
// Registered in app/platform/jobs/registry.server.ts, scheduled at boot by scheduleBillingJobs.

export const issueInvoicesJob = defineJob({
  name: "billing.issue-invoices",
  payload: z.object({ orderId: z.uuid().optional() }),
  run: async ({ orderId }) => {
    await issueInvoices(orderId ? { orderId } : {});
    // The hourly run reschedules itself; a run for one order is done once.
    if (orderId) return;
    return { next: addHours(startOfHour(new Date()), 1) };
  },
});

export const billingJobs = [issueInvoicesJob];

/** Makes sure the hourly run is queued (one per database, whatever the number of processes). */
export async function scheduleBillingJobs() {
  await queueJob(issueInvoicesJob, {}, { key: "billing-issue-invoices" });
}

/** Queues the invoicing of one order's completed visits, in the transaction that completed one. */
export async function queueOrderInvoicing(tx: Executor, orderId: string) {
  await queueJob(issueInvoicesJob, { orderId }, { tx, key: `billing-issue-invoices:${orderId}` });
}
