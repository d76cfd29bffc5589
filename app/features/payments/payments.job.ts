import { addHours } from "date-fns/addHours";
import { z } from "zod";
import { defineJob, handleJob, queueJob } from "~/platform/db/job-queue.server";
import { chargeInvoice, chargeInvoiceJob, queueDueCharges } from "./charge-invoice.server";

// Card payments' jobs (registered in app/platform/jobs/registry.server.ts): the charge of one invoice
// (queued by billing when it issues an invoice, by a retry, or when a family saves a card), and
// every hour the retry of the failed charges whose next try has come (CHARGE_RETRY_DAYS).

export const chargeInvoiceHandler = handleJob(chargeInvoiceJob, async ({ invoiceId }) => {
  await chargeInvoice({ invoiceId });
});

export const retryChargesJob = defineJob({
  name: "payments.retry-charges",
  payload: z.object({}),
  run: async () => {
    await queueDueCharges();
    return { next: addHours(new Date(), 1) };
  },
});

export const paymentJobs = [chargeInvoiceHandler, retryChargesJob];

/** Makes sure the hourly retry is queued (one per database, whatever the number of processes). */
export async function schedulePaymentJobs() {
  await queueJob(retryChargesJob, {}, { key: "payments-retry-charges" });
}
