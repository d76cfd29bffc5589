// The events orders publish (docs/decisions/0035-domain-events.md), for the features that follow
// from an order's life (messaging), which handle them without orders knowing.

/** An order was confirmed with its caregiver, accepted or assigned (confirm-order.server.ts). */
export type OrderConfirmed = {
  orderId: string;
  clientId: string;
  caregiverId: string;
};

declare module "~/platform/events/domain-events.server" {
  // oxlint-disable-next-line typescript/consistent-type-definitions -- module augmentation merges interfaces only
  interface DomainEvents {
    "order.confirmed": OrderConfirmed;
  }
}
