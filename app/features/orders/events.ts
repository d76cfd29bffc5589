// The events orders publish (docs/decisions/0035-domain-events.md), for the features that follow
// from an order's life (messaging, visits), which handle them without orders knowing.

/** An order was confirmed with its caregiver, accepted or assigned (confirm-order.server.ts). */
export type OrderConfirmed = {
  orderId: string;
  clientId: string;
  caregiverId: string;
};

/** The daily horizon job booked more of a recurring order's visits for its caregiver (visit-horizon.server.ts). */
export type OrderVisitsExtended = {
  orderId: string;
  caregiverId: string;
  /** The visits just booked. */
  visitIds: string[];
  now: Date;
};

declare module "~/platform/events/domain-events.server" {
  // oxlint-disable-next-line typescript/consistent-type-definitions -- module augmentation merges interfaces only
  interface DomainEvents {
    "order.confirmed": OrderConfirmed;
    "order.visits_extended": OrderVisitsExtended;
  }
}
