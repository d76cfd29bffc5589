import { z } from "zod";
import { listParamsSchema, optionalFilter } from "~/utils/list-params";
import {
  INVOICE_DISPLAY_STATUSES,
  MONEY_REASON_MAX,
  owedCents,
  type InvoiceAmounts,
  type InvoiceDisplayStatus,
} from "./billing-rules";
import type { MessageKey } from "~/i18n/message-keys";

// The admins' side of billing (docs/product-rules.md, "Billing and pay"): the rules of recording
// a payment received, refunding, giving credit and voiding, and the forms' shapes. Pure: no
// database, no clock of its own. Every amount is an integer number of cents.

/** The list's status filter: the statuses as readers see them (billing-rules.ts invoiceDisplayStatus). */
export const ADMIN_INVOICE_FILTERS = INVOICE_DISPLAY_STATUSES;
export type AdminInvoiceFilter = InvoiceDisplayStatus;

/** How an admin may say a payment or a refund was made (card money moves through Stripe only). */
export const RECORDED_METHODS = ["bank_transfer", "check", "cash", "other"] as const;
export type RecordedMethod = (typeof RECORDED_METHODS)[number];

/** A refund's way back: to the card through Stripe, or recorded as paid back another way. */
export const REFUND_METHODS = ["card", ...RECORDED_METHODS] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Longest reference an admin may note on a payment (a check number, a transfer's reference). */
export const PAYMENT_REFERENCE_MAX = 200;

/** The largest single amount an admin may type: $1,000,000.00. */
export const MAX_ADMIN_AMOUNT_CENTS = 100_000_000;

/** The refusals, as keys of admin-billing.errors (worded by the routes). */
export const ADMIN_BILLING_MESSAGES = {
  amountInvalid: "admin-billing:errors.amountInvalid",
  amountTooLarge: "admin-billing:errors.amountTooLarge",
  methodInvalid: "admin-billing:errors.methodInvalid",
  refundMethodInvalid: "admin-billing:errors.refundMethodInvalid",
  reasonRequired: "admin-billing:errors.reasonRequired",
  reasonTooLong: "admin-billing:errors.reasonTooLong",
  referenceTooLong: "admin-billing:errors.referenceTooLong",
  invoiceNotFound: "admin-billing:errors.invoiceNotFound",
  notDue: "admin-billing:errors.notDue",
  overPayment: "admin-billing:errors.overPayment",
  overRefund: "admin-billing:errors.overRefund",
  overCardRefund: "admin-billing:errors.overCardRefund",
  noCardPayment: "admin-billing:errors.noCardPayment",
  cardUnavailable: "admin-billing:errors.cardUnavailable",
  cardRefused: "admin-billing:errors.cardRefused",
  voidPaid: "admin-billing:errors.voidPaid",
  notVoidable: "admin-billing:errors.notVoidable",
  clientNotFound: "admin-billing:errors.clientNotFound",
} as const satisfies Record<string, MessageKey>;

/** "120", "120.5", "$1,234.56" → cents; null when it is not a positive amount with at most two decimals. */
export function parseAmountCents(input: string): number | null {
  const text = input.trim().replace(/^\$/, "").replace(/,/g, "").trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

/** What may still be refunded: paid less refunded. */
export function refundableCents(invoice: { amountPaidCents: number; amountRefundedCents: number }): number {
  return Math.max(0, invoice.amountPaidCents - invoice.amountRefundedCents);
}

/** After a payment of `amountCents`: the invoice's new paid amount and whether it is now paid in full. */
export function afterPayment(invoice: InvoiceAmounts, amountCents: number) {
  const owed = owedCents(invoice);
  if (invoice.status !== "due") return { ok: false as const, message: ADMIN_BILLING_MESSAGES.notDue };
  if (amountCents > owed) return { ok: false as const, message: ADMIN_BILLING_MESSAGES.overPayment };
  const amountPaidCents = invoice.amountPaidCents + amountCents;
  return { ok: true as const, amountPaidCents, isPaid: amountPaidCents === invoice.totalCents };
}

/** Whether a due invoice may be voided: only when nothing was paid on it. */
export function voidRefusal(invoice: InvoiceAmounts): MessageKey | null {
  if (invoice.status !== "due") return ADMIN_BILLING_MESSAGES.notVoidable;
  if (invoice.amountPaidCents > 0) return ADMIN_BILLING_MESSAGES.voidPaid;
  return null;
}

type Movement = { kind: "payment" | "refund"; method: string; amountCents: number; stripeId: string | null };

/**
 * Which card payment a card refund goes back to: earlier card refunds are counted against the
 * card payments oldest first, and the refund goes to the newest payment that still holds it all
 * (one Stripe refund per action). Null when none does.
 */
export function cardRefundTarget(movements: readonly Movement[], amountCents: number): string | null {
  const cards = movements
    .filter((row) => row.kind === "payment" && row.method === "card" && row.stripeId)
    .map((row) => ({ paymentIntent: row.stripeId!, left: row.amountCents }));
  let refunded = movements
    .filter((row) => row.kind === "refund" && row.method === "card")
    .reduce((sum, row) => sum + row.amountCents, 0);
  for (const card of cards) {
    const taken = Math.min(card.left, refunded);
    card.left -= taken;
    refunded -= taken;
  }
  for (const card of cards.toReversed()) if (card.left >= amountCents) return card.paymentIntent;
  return null;
}

/** What the card payments still hold, after the card refunds. */
export function cardRefundableCents(movements: readonly Movement[]): number {
  const paid = movements
    .filter((row) => row.kind === "payment" && row.method === "card" && row.stripeId)
    .reduce((sum, row) => sum + row.amountCents, 0);
  const refunded = movements
    .filter((row) => row.kind === "refund" && row.method === "card")
    .reduce((sum, row) => sum + row.amountCents, 0);
  return Math.max(0, paid - refunded);
}

// The forms (the routes parse with these; the feature functions check again).

const amountField = z.string({ error: ADMIN_BILLING_MESSAGES.amountInvalid }).transform((value, context) => {
  const cents = parseAmountCents(value);
  if (cents === null) {
    context.addIssue({ code: "custom", message: ADMIN_BILLING_MESSAGES.amountInvalid });
    return z.NEVER;
  }
  if (cents > MAX_ADMIN_AMOUNT_CENTS) {
    context.addIssue({ code: "custom", message: ADMIN_BILLING_MESSAGES.amountTooLarge });
    return z.NEVER;
  }
  return cents;
});

const reasonField = z
  .string({ error: ADMIN_BILLING_MESSAGES.reasonRequired })
  .trim()
  .min(1, ADMIN_BILLING_MESSAGES.reasonRequired)
  .max(MONEY_REASON_MAX, ADMIN_BILLING_MESSAGES.reasonTooLong);

export const RecordPaymentSchema = z.object({
  amount: amountField,
  method: z.enum(RECORDED_METHODS, { error: ADMIN_BILLING_MESSAGES.methodInvalid }),
  reference: z
    .string()
    .trim()
    .max(PAYMENT_REFERENCE_MAX, ADMIN_BILLING_MESSAGES.referenceTooLong)
    .optional()
    .transform((value) => value || null),
});

export const RefundSchema = z.object({
  amount: amountField,
  method: z.enum(REFUND_METHODS, { error: ADMIN_BILLING_MESSAGES.refundMethodInvalid }),
  reason: reasonField,
});

export const CreditSchema = z.object({ amount: amountField, reason: reasonField });

export const VoidSchema = z.object({ reason: reasonField });

export const ADMIN_INVOICE_SORTS = ["issued", "number", "due", "total"] as const;
export type AdminInvoiceSort = (typeof ADMIN_INVOICE_SORTS)[number];

/** /admin/billing's URL: the list kit's parameters and a status (docs/decisions/0040-admin-lists-and-audit-log.md). */
export const AdminInvoicesQuerySchema = listParamsSchema({
  sorts: ADMIN_INVOICE_SORTS,
  defaultSort: "issued",
  defaultDir: "desc",
  filters: {
    status: optionalFilter(ADMIN_INVOICE_FILTERS),
    /** `failed`: only unpaid invoices whose latest card charge failed (the admin home's count opens it). */
    payment: optionalFilter(["failed"]),
  },
});

/** What an admin posts on an invoice's page, told apart by its intent; each form is built from its own member. */
export const AdminInvoiceActionSchema = z.discriminatedUnion("intent", [
  RecordPaymentSchema.extend({ intent: z.literal("payment") }),
  RefundSchema.extend({ intent: z.literal("refund") }),
  CreditSchema.extend({ intent: z.literal("credit") }),
  VoidSchema.extend({ intent: z.literal("void") }),
]);
