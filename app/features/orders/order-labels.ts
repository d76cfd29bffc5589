import labels from "~/i18n/locales/en/labels";
import type { OfferStatus, OrderStatus, VisitStatus } from "~/platform/db/schema";

export type { VisitStatus };

// The one wording of each order status, for every reader: the family's and
// the caregiver's badges and status history, the admin's list, filter and
// summary, and the refusals of state-machine.ts ("This order is offered to a
// caregiver and ..."). Each label also reads inside a sentence once its first
// letter is lowered.

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = labels.orderStatus;

/** "Offered to a caregiver": a status on its own (a badge, a table cell, a heading). */
export function orderStatusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

/** "offered to a caregiver": a status inside a sentence. */
export function orderStatusWords(status: OrderStatus): string {
  return lowerFirst(ORDER_STATUS_LABELS[status]);
}

/** The one wording of each visit status (the family's visit lists, the admin's order page). */
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = labels.visitStatus;

export function visitStatusLabel(status: VisitStatus): string {
  return VISIT_STATUS_LABELS[status];
}

/** "checked in": a visit status inside a sentence. */
export function visitStatusWords(status: VisitStatus): string {
  return lowerFirst(VISIT_STATUS_LABELS[status]);
}

/** The one wording of each offer status (the admin's list of offers of an order). */
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = labels.offerStatus;

/** "withdrawn": an offer status inside a sentence. */
export function offerStatusWords(status: OfferStatus): string {
  return lowerFirst(OFFER_STATUS_LABELS[status]);
}

function lowerFirst(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}
