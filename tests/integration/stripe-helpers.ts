import { afterAll, beforeAll } from "vitest";
import { action as webhookAction } from "~/routes/api/stripe-webhook";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";

// Stripe for an integration test file: the fake Stripe API (tests/support/fake-stripe.ts) started
// before the file's tests and stopped after, the configuration that points the app at it, and its
// webhooks delivered to the app's endpoint as Stripe delivers them.

export const WEBHOOK_URL = "http://127.0.0.1/api/stripe/webhook";

/** The fake Stripe API of this file; read `fake` inside hooks and tests. */
export function useFakeStripe(): { readonly fake: FakeStripe; env: () => NodeJS.ProcessEnv } {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const started = () => {
    if (!fake) throw new Error("The fake Stripe API is not started (read it inside a hook or test).");
    return fake;
  };
  return {
    get fake() {
      return started();
    },
    /** Stripe switched on (card payments, webhooks, Connect), talking to the fake. */
    env: () => ({
      STRIPE_SECRET_KEY: started().secretKey,
      STRIPE_PUBLISHABLE_KEY: started().publishableKey,
      STRIPE_WEBHOOK_SECRET: started().webhookSecret,
      STRIPE_API_BASE: started().url,
    }),
  };
}

/** `event` signed (with the right secret unless told otherwise) and posted to the webhook route. */
export function sendWebhook(
  fake: FakeStripe,
  event: Parameters<FakeStripe["webhookRequest"]>[1],
  options?: { secret?: string },
): Promise<Response> {
  return webhookAction({
    request: fake.webhookRequest(WEBHOOK_URL, event, options),
    params: {},
    context: {},
  } as never) as Promise<Response>;
}
