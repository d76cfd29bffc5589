import { z } from "zod";

// The family's card forms (docs/product-rules.md, "Billing and pay"). No field here is typed by a
// person: the buttons post an intent, and the page posts what Stripe.js answered.

/**
 * A due invoice's card actions (invoice-card-payment.server.ts): "Pay now" with the saved card, or,
 * once Stripe.js confirmed a payment the bank checked (3-D Secure), recording it.
 */
export const InvoicePaymentSchema = z.object({ intent: z.enum(["pay-now", "card-confirmed"]) });

/** "Add a card" / "Replace card": a setup for Stripe.js to collect the card in. */
export const StartCardSetupSchema = z.object({ intent: z.literal("start") });

/** The card page's posts: start a setup, or record the one Stripe.js says succeeded. */
export const CardSetupSchema = z.discriminatedUnion("intent", [
  StartCardSetupSchema,
  z.object({ intent: z.literal("saved"), setupIntentId: z.string().regex(/^seti_[A-Za-z0-9]+$/) }),
]);
