import { on } from "~/platform/events/domain-events.server";
import { queueOrderInvoicing } from "./billing.job";
import { creditLateCancellation } from "./credits.server";

// What billing does when something happens elsewhere (docs/decisions/0035-domain-events.md), in
// the publisher's transaction.

export const billingEventHandlers = [
  // A completed visit is invoiced: at once for one-time care, after its week for recurring.
  on("visit.checked_out", (tx, { orderId }) => queueOrderInvoicing(tx, orderId)),
  // A visit completed by an admin's correction is invoiced like one checked out; one already on an
  // invoice stays as billed.
  on("visit.times_corrected", async (tx, { orderId, status }) => {
    if (status === "completed") await queueOrderInvoicing(tx, orderId);
  }),
  // The family is credited for their caregiver's late cancellation, once per visit.
  on("visit.cancelled_by_caregiver", async (tx, { isLate, ...cancelled }) => {
    if (isLate) await creditLateCancellation(tx, cancelled);
  }),
];
