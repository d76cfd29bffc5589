import { on } from "~/platform/events/domain-events.server";
import { completeIfFinished } from "./complete-order.server";
import { orderEventNote } from "./order-event-note";
import { applyTransition, loadCareRequest, lockOrder } from "./order-transitions.server";

// What orders do when something happens elsewhere (docs/decisions/0035-domain-events.md), in the
// publisher's transaction. The order is locked again here: the publisher locked it first (order,
// then visit), so this takes no new lock and reads the row as it now stands.

export const ordersEventHandlers = [
  // The first check-in starts the care.
  on("visit.checked_in", async (tx, { orderId, actor }) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== "confirmed") return;
    await applyTransition(tx, order, { to: "in_progress", actor, wording: orderEventNote("firstVisitCheckedIn") });
  }),
  // The last check-out completes the order, when its schedule is over (complete-order.server.ts).
  on("visit.checked_out", async (tx, { orderId, startsAt, actor, now }) => {
    const order = await lockOrder(tx, orderId);
    const request = await loadCareRequest(tx, order.careRequestId);
    await completeIfFinished(tx, { order, request, on: startsAt, actor, reason: "lastVisitCheckedOut", now });
  }),
  // A visit given a check-in by an admin's correction starts the care, as the caregiver's own check-in
  // would; the order's completion is left to the daily job (completeFinishedOrders).
  on("visit.times_corrected", async (tx, { orderId, actor }) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== "confirmed") return;
    await applyTransition(tx, order, { to: "in_progress", actor, wording: orderEventNote("visitTimesCorrected") });
  }),
];
