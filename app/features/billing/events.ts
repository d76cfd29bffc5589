// The events billing publishes (docs/decisions/0035-domain-events.md), for the features that
// follow from an invoice (payments), which handle them without billing knowing.

/** An invoice was issued for an order's completed visits (issue-invoices.server.ts). */
export type InvoiceIssued = {
  invoiceId: string;
  orderId: string;
  clientId: string;
  /** What the family owes on it, after discount and credit. */
  totalCents: number;
};

declare module "~/platform/events/domain-events.server" {
  // oxlint-disable-next-line typescript/consistent-type-definitions -- module augmentation merges interfaces only
  interface DomainEvents {
    "invoice.issued": InvoiceIssued;
  }
}
