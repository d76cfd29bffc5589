import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { db, type Tx } from "~/platform/db/client.server";
import { stripeAccounts } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { queueChargesForFamily } from "./charge-invoice.server";
import { ensureStripeCustomer, stripeAccountOf } from "./customers.server";
import { requireStripe } from "./stripe-client.server";

// Saving a card (docs/decisions/0022-billing.md): a SetupIntent for the family's Stripe customer,
// confirmed in the browser by Stripe Elements, so the card number goes from the browser to Stripe
// only. When it succeeds (the page tells us on its return, and Stripe's setup_intent.succeeded
// webhook tells us too, whichever comes first) we keep the payment method's id, and charge the
// family's due invoices to it.

/** A SetupIntent for the family's next card: its client secret goes to Stripe.js on the page. */
export async function startCardSetup({ userId }: { userId: string }): Promise<{ clientSecret: string }> {
  const customer = await ensureStripeCustomer(userId);
  const intent = await requireStripe().setupIntents.create({
    customer,
    usage: "off_session",
    allowed_payment_method_types: ["card"],
    metadata: { userId },
  });
  if (!intent.client_secret) throw new Error("Stripe gave no client secret for the SetupIntent.");
  return { clientSecret: intent.client_secret };
}

/** Keeps a succeeded SetupIntent's card as its customer's saved card; false when it is not ours to keep. */
export async function storeSetupIntentCard(tx: Tx, intent: Stripe.SetupIntent): Promise<boolean> {
  const customerId = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
  const paymentMethodId = typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
  if (intent.status !== "succeeded" || !customerId || !paymentMethodId) return false;
  const updated = await tx
    .update(stripeAccounts)
    .set({ paymentMethodId })
    .where(eq(stripeAccounts.customerId, customerId))
    .returning({ userId: stripeAccounts.userId, paymentMethodId: stripeAccounts.paymentMethodId });
  const [account] = updated;
  if (!account) return false;
  await queueChargesForFamily(tx, account.userId);
  return true;
}

/**
 * The page's return from Stripe.js: the SetupIntent is read back from Stripe (never trusted from
 * the browser) and must belong to the signed-in family's customer.
 */
export async function completeCardSetup({ userId, setupIntentId }: { userId: string; setupIntentId: string }) {
  const account = await stripeAccountOf(userId);
  const intent = await requireStripe()
    .setupIntents.retrieve(setupIntentId)
    .catch(() => null);
  const customerId = typeof intent?.customer === "string" ? intent.customer : intent?.customer?.id;
  if (!intent || !account?.customerId || customerId !== account.customerId)
    throw new AppError("not_found", { key: "payments:card.errors.setup-unknown" }, { reason: "setup-unknown" });
  if (intent.status !== "succeeded")
    throw new AppError("conflict", { key: "payments:card.errors.setup-incomplete" }, { reason: "setup-incomplete" });
  // The webhook may have stored it first: storing the same id again changes nothing.
  if (account.paymentMethodId === intent.payment_method) return;
  await db.transaction((tx) => storeSetupIntentCard(tx, intent));
}

export type SavedCard = { brand: string; last4: string; expMonth: number; expYear: number };

/** The family's saved card as Stripe describes it (brand, last four digits): read at render, never stored. */
export async function savedCardOf({ userId }: { userId: string }): Promise<SavedCard | null> {
  const account = await stripeAccountOf(userId);
  if (!account?.paymentMethodId) return null;
  const method = await requireStripe().paymentMethods.retrieve(account.paymentMethodId);
  if (!method.card) return null;
  return {
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}
