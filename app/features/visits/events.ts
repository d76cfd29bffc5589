// The events visits publish (docs/decisions/0035-domain-events.md): what happened to a visit, for
// the features that follow from it (orders, billing), which handle them without visits knowing.

/** A caregiver checked in to their visit (check-in.server.ts). */
export type VisitCheckedIn = {
  orderId: string;
  visitId: string;
  actor: { id: string; role: "caregiver" };
};

/** A caregiver checked out: the visit is completed (check-in.server.ts). */
export type VisitCheckedOut = {
  orderId: string;
  visitId: string;
  /** The visit's scheduled start: the day on which the order's schedule may be over. */
  startsAt: Date;
  actor: { id: string; role: "caregiver" };
  now: Date;
};

/** The visit's caregiver cancelled it (cancel-visit.server.ts); the visit itself stays to be covered. */
export type VisitCancelledByCaregiver = {
  /** Less than the care settings' late-cancel hours before the start. */
  isLate: boolean;
  clientId: string;
  visit: { id: string; startsAt: Date };
  orderNumber: string;
  timeZone: string;
};

declare module "~/platform/events/domain-events.server" {
  // oxlint-disable-next-line typescript/consistent-type-definitions -- module augmentation merges interfaces only
  interface DomainEvents {
    "visit.checked_in": VisitCheckedIn;
    "visit.checked_out": VisitCheckedOut;
    "visit.cancelled_by_caregiver": VisitCancelledByCaregiver;
  }
}
