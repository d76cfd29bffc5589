import type { Tx } from "~/platform/db/client.server";
import { publish } from "~/platform/events/domain-events.server";
import { notifyConfirmed } from "./order-notifications.server";
import { applyTransition, type CareRequestRow, type OrderActor, type OrderRow } from "./order-transitions.server";
import type { OrderEventNote } from "./order-event-note";
import { scheduleVisits } from "./schedule-visits.server";

// An order confirmed with its caregiver (docs/product-rules.md, "Orders and
// offers"), the same whether the caregiver accepted the offer (offers.server.ts)
// or an admin assigned them (assign-caregiver.server.ts): the order moves to
// confirmed, its visits are booked (refused when one clashes with the
// caregiver's other visits), the family is told, and order.confirmed is published
// (the family and the caregiver get their conversation, app/event-handlers.server.ts).
// One transaction, the caller's.

export type Confirmation = {
  /** The order, locked by the caller (lockOrder). */
  order: OrderRow;
  /** Its care request, read once by the caller. */
  request: CareRequestRow;
  caregiverId: string;
  actor: OrderActor;
  wording: OrderEventNote;
  how: "accepted" | "assigned";
  now: Date;
};

export async function confirmOrder(tx: Tx, confirmation: Confirmation): Promise<OrderRow> {
  const { request, caregiverId, now } = confirmation;
  const order = await applyTransition(tx, confirmation.order, {
    to: "confirmed",
    actor: confirmation.actor,
    wording: confirmation.wording,
    changes: { caregiverId, confirmedAt: now },
  });
  await scheduleVisits(tx, { order, request, caregiverId }, { onClash: "refuse", now });
  await notifyConfirmed(order, request, tx, { how: confirmation.how });
  await publish(tx, { type: "order.confirmed", orderId: order.id, clientId: order.clientId, caregiverId });
  return order;
}
