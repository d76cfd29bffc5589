import type { Stripe } from "stripe";
import { loadOnUse } from "~/utils/load-on-use.server";
import { getEnv } from "~/utils/env.server";

// The one Stripe client (docs/decisions/0022-billing.md, "Stripe at its HTTP boundary"). Null
// when STRIPE_SECRET_KEY is unset: invoices are then paid by other means and recorded by an admin.
// STRIPE_API_BASE points the real SDK at another server (the tests' stand-in for Stripe).

/** The SDK, loaded the first time Stripe is configured and used (utils/load-on-use.server.ts). */
const stripeSdk = loadOnUse<typeof Stripe>("stripe");

type Cached = { key: string; base: string | undefined; client: Stripe };
let cached: Cached | undefined;

export function isStripeConfigured(): boolean {
  return Boolean(getEnv().STRIPE_SECRET_KEY);
}

export function getStripe(): Stripe | null {
  const env = getEnv();
  const key = env.STRIPE_SECRET_KEY;
  if (!key) return null;
  const base = env.STRIPE_API_BASE;
  // Tests change the configuration between files: follow it.
  if (cached?.key === key && cached.base === base) return cached.client;
  const address = base ? new URL(base) : undefined;
  const StripeSdk = stripeSdk();
  const client = new StripeSdk(key, {
    // Our charges carry idempotency keys, so a retried request never charges twice.
    maxNetworkRetries: 2,
    timeout: 30_000,
    ...(address
      ? {
          host: address.hostname,
          port: address.port || (address.protocol === "https:" ? 443 : 80),
          protocol: address.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  cached = { key, base, client };
  return client;
}

/** Stripe, or a plain error for code that runs only when Stripe is configured. */
export function requireStripe(): Stripe {
  const stripe = getStripe();
  if (!stripe) throw new Error("Stripe is not configured (STRIPE_SECRET_KEY is unset).");
  return stripe;
}

/** The webhook signing secrets (one per endpoint at Stripe), empty when webhooks cannot be verified. */
export function stripeWebhookSecrets(): string[] {
  const value = getEnv().STRIPE_WEBHOOK_SECRET;
  return value ? value.split(",").map((secret) => secret.trim()) : [];
}

/** The publishable key for Stripe.js, or null when card payments are off (both keys are needed). */
export function stripePublishableKey(): string | null {
  const env = getEnv();
  return env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY ? env.STRIPE_PUBLISHABLE_KEY : null;
}
