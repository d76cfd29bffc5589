// The billing rules every part of billing shares (docs/product-rules.md, "Billing and pay";
// docs/decisions/0022-billing.md). Pure: no database, no clock of its own.

/** An invoice with nothing charged to a card is due this many days after it is issued. */
export const INVOICE_DUE_DAYS = 14;

/** What a family is credited when their caregiver cancels a visit late (less than the late-cancel notice). */
export const LATE_CANCELLATION_CREDIT_CENTS = 2500;

/** Longest reason an admin may give for a refund or a credit. */
export const MONEY_REASON_MAX = 500;

export type InvoiceAmounts = { status: "due" | "paid" | "void"; totalCents: number; amountPaidCents: number };

/**
 * What is still owed, for families and admins alike: nothing on a paid or void invoice. A refund
 * does not make an invoice owed again.
 */
export function owedCents(invoice: InvoiceAmounts): number {
  return invoice.status === "due" ? Math.max(0, invoice.totalCents - invoice.amountPaidCents) : 0;
}

/** An invoice's status as its readers see it (families, admins, the PDF, the admins' filter). */
export const INVOICE_DISPLAY_STATUSES = ["due", "overdue", "paid", "void"] as const;
export type InvoiceDisplayStatus = (typeof INVOICE_DISPLAY_STATUSES)[number];

/** The one place "overdue" is decided: a due invoice whose due date has passed. */
export function invoiceDisplayStatus(
  invoice: { status: "due" | "paid" | "void"; dueAt: Date },
  now: Date,
): InvoiceDisplayStatus {
  return invoice.status === "due" && invoice.dueAt.getTime() < now.getTime() ? "overdue" : invoice.status;
}
