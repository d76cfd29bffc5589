import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { invoices } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { chargeInvoice, type ChargeOutcome } from "./charge-invoice.server";
import { stripeAccountOf } from "./customers.server";
import { amountDueCents, STRIPE_MINIMUM_CENTS, type InvoiceCardAction } from "./payment-rules";
import { recordCardPayment } from "./record-card-payment.server";
import { getStripe, stripePublishableKey } from "./stripe-client.server";

export type { InvoiceCardAction };

// The card part of a family's invoice page (the page itself is billing's): what the family can do
// about a due invoice by card, "Pay now" and "Confirm payment" (3-D Secure, in the browser).

async function familyInvoice(userId: string, invoiceId: string) {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.clientId, userId)));
  // Another family's invoice does not exist, as far as this family can tell.
  if (!invoice) throw new AppError("not_found", { key: "billing:invoice.notFound" }, { reason: "invoice-unknown" });
  return invoice;
}

/** For the invoice page's loader: the card action on the signed-in family's invoice. */
export async function invoiceCardAction({
  userId,
  invoiceId,
}: {
  userId: string;
  invoiceId: string;
}): Promise<InvoiceCardAction> {
  const stripe = getStripe();
  const publishableKey = stripePublishableKey();
  const invoice = await familyInvoice(userId, invoiceId);
  const due = amountDueCents(invoice);
  if (!stripe || !publishableKey || invoice.status !== "due" || due < STRIPE_MINIMUM_CENTS) return { kind: "none" };
  if (invoice.stripePaymentIntentId) {
    // Stripe unreachable: the page offers nothing by card for now, rather than failing.
    const intent = await stripe.paymentIntents.retrieve(invoice.stripePaymentIntentId).catch(() => null);
    if (!intent) return { kind: "none" };
    const askedForAuthentication =
      intent.status === "requires_action" ||
      (intent.status === "requires_payment_method" && intent.last_payment_error?.code === "authentication_required");
    if (askedForAuthentication && intent.client_secret)
      return {
        kind: "confirm",
        publishableKey,
        clientSecret: intent.client_secret,
        paymentMethodId: typeof intent.payment_method === "string" ? intent.payment_method : null,
        amountCents: intent.amount,
      };
    // Under way at Stripe: nothing to press until it ends.
    if (["processing", "requires_confirmation", "requires_capture", "succeeded"].includes(intent.status))
      return { kind: "none" };
  }
  const account = await stripeAccountOf(userId);
  if (!account?.paymentMethodId) return { kind: "add-card" };
  return { kind: "pay-now", lastError: invoice.lastChargeError };
}

/** "Pay now": charges the saved card at once (the same charge as the job's, so never twice). */
export async function payInvoiceNow({
  userId,
  invoiceId,
}: {
  userId: string;
  invoiceId: string;
}): Promise<ChargeOutcome> {
  await familyInvoice(userId, invoiceId);
  return chargeInvoice({ invoiceId });
}

/**
 * After Stripe.js confirmed a payment on the page: reads the PaymentIntent back from Stripe and
 * records it if it succeeded, so the page shows it paid without waiting for the webhook (which
 * then finds it recorded). Returns whether the invoice is paid.
 */
export async function settleConfirmedPayment({ userId, invoiceId }: { userId: string; invoiceId: string }) {
  const stripe = getStripe();
  const invoice = await familyInvoice(userId, invoiceId);
  if (invoice.status === "paid") return true;
  if (!stripe || !invoice.stripePaymentIntentId) return false;
  const intent = await stripe.paymentIntents.retrieve(invoice.stripePaymentIntentId);
  if (intent.status !== "succeeded") return false;
  await db.transaction((tx) => recordCardPayment(tx, intent));
  return true;
}
