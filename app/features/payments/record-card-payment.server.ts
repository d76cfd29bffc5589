import { and, eq, sql, sum } from "drizzle-orm";
import { publishAdminAttention } from "~/platform/realtime/publish.server";
import type Stripe from "stripe";
import { invoices, payments } from "~/platform/db/schema";
import type { Tx } from "~/platform/db/client.server";
import { notifyCardPaid } from "./payment-notifications.server";

// Writing what Stripe says happened to an invoice's card payment. Both the charge job and the
// webhook call these, in their own transaction; the payments row's unique Stripe id makes the
// second writer of the same PaymentIntent (or refund) change nothing.

/** The invoice a PaymentIntent pays: its metadata, else the invoice that holds its id. */
async function invoiceOfPaymentIntent(tx: Tx, paymentIntent: Stripe.PaymentIntent) {
  const invoiceId = paymentIntent.metadata?.invoiceId;
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(invoiceId ? eq(invoices.id, invoiceId) : eq(invoices.stripePaymentIntentId, paymentIntent.id))
    .for("update");
  return invoice ?? null;
}

/**
 * A succeeded PaymentIntent: one payments row (method card, stripe_id = its id) and the invoice's
 * amount paid, then paid in full. Returns false when it was recorded already (or pays nothing of ours).
 */
export async function recordCardPayment(tx: Tx, paymentIntent: Stripe.PaymentIntent): Promise<boolean> {
  if (paymentIntent.status !== "succeeded") return false;
  const invoice = await invoiceOfPaymentIntent(tx, paymentIntent);
  if (!invoice) return false;
  const amountCents = paymentIntent.amount_received || paymentIntent.amount;
  const inserted = await tx
    .insert(payments)
    .values({ invoiceId: invoice.id, kind: "payment", method: "card", amountCents, stripeId: paymentIntent.id })
    .onConflictDoNothing({ target: payments.stripeId })
    .returning({ id: payments.id });
  if (inserted.length === 0) return false;
  // Capped at the total: an admin may have recorded another payment meanwhile (the excess is
  // Stripe's to refund, by an admin).
  const amountPaidCents = Math.min(invoice.totalCents, invoice.amountPaidCents + amountCents);
  const isPaid = amountPaidCents >= invoice.totalCents && invoice.status === "due";
  await tx
    .update(invoices)
    .set({
      amountPaidCents,
      stripePaymentIntentId: paymentIntent.id,
      nextChargeAt: null,
      lastChargeError: null,
      ...(isPaid ? { status: "paid" as const, paidAt: new Date() } : {}),
    })
    .where(eq(invoices.id, invoice.id));
  await notifyCardPaid(tx, invoice, amountCents);
  // A paid invoice leaves the admin home's count of failed charges, if it was there.
  if (invoice.lastChargeError) await publishAdminAttention(tx, "payments");
  return true;
}

/**
 * Refunds of a card payment, as Stripe lists them: a payments row (kind refund) for each one not
 * yet recorded (an admin's refund from our page is recorded when made), then the invoice's amount
 * refunded is the sum of its refund rows.
 */
export async function recordCardRefunds(tx: Tx, paymentIntentId: string, refunds: readonly Stripe.Refund[]) {
  const [payment] = await tx
    .select({ invoiceId: payments.invoiceId })
    .from(payments)
    .where(and(eq(payments.stripeId, paymentIntentId), eq(payments.kind, "payment")));
  if (!payment) return false;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId)).for("update");
  if (!invoice) return false;
  let added = 0;
  for (const refund of refunds) {
    if (refund.status !== "succeeded" || refund.amount <= 0) continue;
    const inserted = await tx
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        kind: "refund",
        method: "card",
        amountCents: refund.amount,
        stripeId: refund.id,
      })
      .onConflictDoNothing({ target: payments.stripeId })
      .returning({ id: payments.id });
    added += inserted.length;
  }
  if (added === 0) return false;
  const [total] = await tx
    .select({ refunded: sum(payments.amountCents).mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.kind, "refund")));
  await tx
    .update(invoices)
    .set({ amountRefundedCents: sql`least(${total?.refunded ?? 0}, ${invoices.amountPaidCents})` })
    .where(eq(invoices.id, invoice.id));
  return true;
}
