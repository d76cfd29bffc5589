import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { db } from "~/platform/db/client.server";
import { invoices, stripeEvents } from "~/platform/db/schema";
import { storeConnectedAccountState } from "./connect-accounts.server";
import { recordCardPayment, recordCardRefunds } from "./record-card-payment.server";
import { storeSetupIntentCard } from "./setup-intents.server";
import { getStripe, stripeWebhookSecrets } from "./stripe-client.server";

// Stripe's webhook (docs/decisions/0022-billing.md): the signature is checked over the raw body
// with the signing secret, then the event is recorded by its id in stripe_events in the same
// transaction as its effect. A replay (Stripe retries, or anyone resending a captured event)
// finds its row and changes nothing; an effect that fails rolls the row back, and Stripe's retry
// tries it again.

/** Stripe's events are a few kilobytes; anything much larger is not one. */
export const WEBHOOK_MAX_BYTES = 512 * 1024;

export const HANDLED_EVENT_TYPES = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "setup_intent.succeeded",
  "charge.refunded",
  "account.updated",
] as const;

export type WebhookResult = "handled" | "replayed" | "ignored";

/** What an event needs from Stripe before its transaction (no HTTP call inside one). */
async function prefetch(stripe: Stripe, event: Stripe.Event): Promise<Stripe.Refund[]> {
  if (event.type !== "charge.refunded") return [];
  const charge = event.data.object;
  const list = await stripe.refunds.list({ charge: charge.id, limit: 100 });
  return list.data;
}

function paymentIntentIdOf(charge: Stripe.Charge): string | null {
  if (!charge.payment_intent) return null;
  return typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent.id;
}

/** Applies a verified event once. */
export async function processStripeEvent(event: Stripe.Event): Promise<WebhookResult> {
  const stripe = getStripe();
  if (!stripe) return "ignored";
  const refunds = await prefetch(stripe, event);
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return "replayed";
    switch (event.type) {
      case "payment_intent.succeeded":
        await recordCardPayment(tx, event.data.object);
        return "handled";
      case "payment_intent.payment_failed": {
        // The charge job counted an off-session failure already (and told the family); this keeps
        // the bank's latest word, e.g. a 3-D Secure challenge the family did not pass.
        const intent = event.data.object;
        const message = intent.last_payment_error?.message;
        if (message)
          await tx
            .update(invoices)
            .set({ lastChargeError: message })
            .where(and(eq(invoices.stripePaymentIntentId, intent.id), eq(invoices.status, "due")));
        return "handled";
      }
      case "setup_intent.succeeded":
        await storeSetupIntentCard(tx, event.data.object);
        return "handled";
      case "charge.refunded": {
        const paymentIntentId = paymentIntentIdOf(event.data.object);
        if (paymentIntentId) await recordCardRefunds(tx, paymentIntentId, refunds);
        return "handled";
      }
      case "account.updated":
        // A caregiver's connected account (onboarding finished, or Stripe paused its payouts).
        await storeConnectedAccountState(tx, event.data.object);
        return "handled";
      default:
        return "ignored";
    }
  });
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The webhook endpoint's answer: 404 when Stripe (or its signing secret) is not configured, 400
 * for a missing or wrong signature (nothing is read further), 200 once the event is applied.
 */
export async function handleStripeWebhook(request: Request): Promise<Response> {
  const stripe = getStripe();
  const secrets = stripeWebhookSecrets();
  if (!stripe || secrets.length === 0) return plain(404, "Not found");
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > WEBHOOK_MAX_BYTES) return plain(413, "Too large");
  const signature = request.headers.get("stripe-signature");
  if (!signature) return plain(400, "Missing Stripe-Signature");
  // The signature covers the exact bytes Stripe sent: verify the raw body, never a re-serialised one.
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > WEBHOOK_MAX_BYTES) return plain(413, "Too large");
  // Signed with the secret of the endpoint it came to: the account's, or the Connect endpoint's.
  let event: Stripe.Event | undefined;
  for (const secret of secrets) {
    try {
      event = stripe.webhooks.constructEvent(raw, signature, secret);
      break;
    } catch {
      // Not this endpoint's secret: try the next.
    }
  }
  if (!event) return plain(400, "Invalid signature");
  const result = await processStripeEvent(event);
  return Response.json({ received: true, result }, { headers: { "Cache-Control": "no-store" } });
}
