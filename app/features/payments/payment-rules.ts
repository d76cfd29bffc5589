import { addDays } from "date-fns/addDays";

// The pure rules of card payments (docs/product-rules.md, "Billing and pay"). No I/O.

/** A card charge that failed is tried again this many days after the first try (then no more). */
export const CHARGE_RETRY_DAYS = [1, 3, 7] as const;

/**
 * When a card charge is tried again after its `failedAttempts`-th failure: the retries fall
 * CHARGE_RETRY_DAYS after the first try (1, 3 and 7 days), so each one waits the gap since the
 * one before. Null once every retry is spent: the invoice stays due for the family to pay.
 */
export function nextChargeAt(failedAttempts: number, failedAt: Date): Date | null {
  if (failedAttempts < 1 || failedAttempts > CHARGE_RETRY_DAYS.length) return null;
  const since = CHARGE_RETRY_DAYS[failedAttempts - 1]!;
  const before = failedAttempts === 1 ? 0 : CHARGE_RETRY_DAYS[failedAttempts - 2]!;
  return addDays(failedAt, since - before);
}

/** What is left to pay on an invoice, in cents. */
export function amountDueCents(invoice: { totalCents: number; amountPaidCents: number }): number {
  return Math.max(0, invoice.totalCents - invoice.amountPaidCents);
}

/** Stripe's smallest US charge: below it an invoice cannot be charged by card. */
export const STRIPE_MINIMUM_CENTS = 50;

/**
 * A PaymentIntent in these states is still under way (the bank, the family or Stripe finishes
 * it); another charge for the same invoice would risk paying it twice.
 */
export const PAYMENT_INTENT_IN_FLIGHT = ["processing", "requires_action", "requires_confirmation", "requires_capture"];

/** A card payment the family must confirm on our page (3-D Secure): its Stripe code or status. */
export function needsFamilyConfirmation(outcome: { code?: string | null; status?: string | null }): boolean {
  return outcome.code === "authentication_required" || outcome.status === "requires_action";
}

/** What the invoice page offers: nothing, add a card, pay now, or confirm with the bank. */
export type InvoiceCardAction =
  | { kind: "none" }
  | { kind: "add-card" }
  | { kind: "pay-now"; lastError: string | null }
  | {
      kind: "confirm";
      publishableKey: string;
      /** The PaymentIntent's client secret, for Stripe.js only (never stored in the browser). */
      clientSecret: string;
      paymentMethodId: string | null;
      amountCents: number;
    };
