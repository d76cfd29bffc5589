import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

// Stripe.js in the browser, loaded only by the pages that take a card (the `pure` entry adds its
// script at the first call, not on import): the card page and the invoice's "Confirm payment".

const loaded = new Map<string, Promise<Stripe>>();

export function loadStripeJs(publishableKey: string): Promise<Stripe> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).then((stripe) => {
      if (!stripe) throw new Error("Stripe.js is not available here.");
      return stripe;
    });
    // A failed load (offline) may be tried again.
    promise.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, promise);
  }
  return promise;
}
