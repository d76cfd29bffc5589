import { on } from "~/platform/events/domain-events.server";
import { getEnv } from "~/utils/env.server";
import { queueInvoiceCharge } from "./charge-invoice.server";

// What payments do when something happens elsewhere (docs/decisions/0035-domain-events.md), in
// the publisher's transaction.

export const paymentsEventHandlers = [
  // With Stripe, an invoice with something to pay is charged to the family's saved card, by a job
  // queued only if the invoice commits.
  on("invoice.issued", async (tx, { invoiceId, totalCents }) => {
    if (totalCents > 0 && getEnv().STRIPE_SECRET_KEY) await queueInvoiceCharge(invoiceId, 0, tx);
  }),
];
