import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { actorAs } from "~/platform/auth/actor";
import { onceForKey } from "~/platform/db/idempotency.server";
import { invoices, payments } from "~/platform/db/schema";
import { getStripe } from "~/features/payments/public.server";
import { AppError } from "~/utils/app-error";
import {
  ADMIN_BILLING_MESSAGES,
  REFUND_METHODS,
  cardRefundTarget,
  cardRefundableCents,
  refundableCents,
  type RefundMethod,
} from "./admin-billing-rules";
import { CURRENCY } from "~/utils/money";
import { readInvoiceMovements } from "./invoice-reads.server";
import {
  adminIdempotency,
  checkAmount,
  checkMethod,
  checkReason,
  lockInvoice,
  moneyText,
  notifyFamilyOfMoney,
  recordBillingAudit,
  type Admin,
} from "./money-actions.server";

// Refunds (docs/product-rules.md, "Billing and pay"): an admin gives money back on an invoice, with
// a reason, up to what was paid and not yet refunded. To the card: one Stripe refund of the card
// payment that still holds the amount, with an idempotency key, so a retry after a failure gets
// the same refund back rather than a second one. Another way (bank transfer, check, cash, other):
// recorded as given back. Either is a payments row of kind 'refund', the invoice's refunded amount
// goes up, the action is audited and the family notified, in one transaction holding the invoice's
// lock (the Stripe call is made inside it, so two refunds at once cannot both pass the check).

/** The part of the Stripe client a card refund uses (tests pass one pointed at a local stand-in). */
export type CardRefunds = Pick<Stripe, "refunds">;

export type IssuedRefund = {
  refundId: string;
  invoiceNumber: string;
  amountCents: number;
  method: RefundMethod;
  amountRefundedCents: number;
  stripeRefundId: string | null;
};

export async function refundInvoice({
  actor,
  invoiceNumber,
  amountCents,
  method,
  reason,
  idempotencyKey,
  request,
  stripe = getStripe(),
  now = new Date(),
}: {
  actor: Admin;
  invoiceNumber: string;
  amountCents: number;
  method: RefundMethod;
  reason: string;
  /** The form's key (docs/decisions/0019-idempotency-keys.md): a repeat refunds nothing more. */
  idempotencyKey?: string;
  request?: Request;
  /** Stripe, or null when it is not set up (then only recorded refunds). */
  stripe?: CardRefunds | null;
  now?: Date;
}): Promise<IssuedRefund> {
  const admin = actorAs(actor, "admin");
  checkAmount(amountCents);
  const why = checkReason(reason);
  checkMethod(method, REFUND_METHODS, ADMIN_BILLING_MESSAGES.refundMethodInvalid);
  const { value } = await onceForKey(adminIdempotency("admin-refund", idempotencyKey, admin), async (tx) => {
    const invoice = await lockInvoice(tx, invoiceNumber);
    if (amountCents > refundableCents(invoice)) {
      throw new AppError("conflict", ADMIN_BILLING_MESSAGES.overRefund, { field: "amount" });
    }
    let stripeRefundId: string | null = null;
    if (method === "card") {
      const movements = await readInvoiceMovements(invoice.id, tx);
      if (cardRefundableCents(movements) === 0) {
        throw new AppError("conflict", ADMIN_BILLING_MESSAGES.noCardPayment, { field: "method" });
      }
      const paymentIntent = cardRefundTarget(movements, amountCents);
      if (!paymentIntent) throw new AppError("conflict", ADMIN_BILLING_MESSAGES.overCardRefund, { field: "amount" });
      if (!stripe) throw new AppError("conflict", ADMIN_BILLING_MESSAGES.cardUnavailable, { field: "method" });
      stripeRefundId = await createCardRefund(stripe, {
        paymentIntent,
        amountCents,
        invoiceNumber: invoice.invoiceNumber,
        // The form's key, or the invoice's state under the lock: the same refund asked again (after a
        // failure between Stripe's answer and our commit) is the same Stripe refund.
        idempotencyKey: `tendly-refund-${idempotencyKey ?? `${invoice.id}-${invoice.amountRefundedCents}-${amountCents}`}`,
      });
    }
    const [refund] = await tx
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        kind: "refund",
        method,
        amountCents,
        stripeId: stripeRefundId,
        note: why,
        recordedBy: admin.id,
        createdAt: now,
      })
      .returning({ id: payments.id });
    const amountRefundedCents = invoice.amountRefundedCents + amountCents;
    await tx.update(invoices).set({ amountRefundedCents }).where(eq(invoices.id, invoice.id));
    await recordBillingAudit(tx, {
      type: "billing_refund_issued",
      adminId: admin.id,
      request,
      invoice,
      metadata: {
        amountCents,
        method,
        stripeRefundId,
        amountPaidCents: invoice.amountPaidCents,
        amountRefundedCents,
        reason: why,
      },
    });
    await notifyFamilyOfMoney(tx, {
      clientId: invoice.clientId,
      key: "refundIssued",
      invoiceNumber: invoice.invoiceNumber,
      params: { amount: moneyText(amountCents), invoiceNumber: invoice.invoiceNumber, reason: why },
    });
    return {
      refundId: refund!.id,
      invoiceNumber: invoice.invoiceNumber,
      amountCents,
      method,
      amountRefundedCents,
      stripeRefundId,
    };
  });
  return value;
}

/** One Stripe refund of a PaymentIntent; a refusal by Stripe is a plain "try again later" for the admin. */
async function createCardRefund(
  stripe: CardRefunds,
  refund: { paymentIntent: string; amountCents: number; invoiceNumber: string; idempotencyKey: string },
): Promise<string> {
  try {
    const created = await stripe.refunds.create(
      {
        payment_intent: refund.paymentIntent,
        amount: refund.amountCents,
        reason: "requested_by_customer",
        metadata: { invoiceNumber: refund.invoiceNumber, currency: CURRENCY },
      },
      { idempotencyKey: refund.idempotencyKey },
    );
    if (created.status === "failed" || created.status === "canceled") {
      throw new Error(`Stripe refund ${created.id} is ${created.status}`);
    }
    return created.id;
  } catch (error) {
    console.error("Stripe refund failed:", error instanceof Error ? error.message : error);
    throw new AppError("conflict", ADMIN_BILLING_MESSAGES.cardRefused);
  }
}
