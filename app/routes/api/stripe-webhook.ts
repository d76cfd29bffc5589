import { handleStripeWebhook } from "~/features/payments/webhooks.server";
import type { Route } from "./+types/stripe-webhook";

// Stripe's webhook, POST /api/stripe/webhook (docs/decisions/0022-billing.md). No session: the
// signature over the raw body is the check (features/payments/webhooks.server.ts). Stripe sends
// neither Origin nor Sec-Fetch-Site, so the host's cross-site guard (utils/same-origin.ts) lets
// it through without an exemption.

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
  return handleStripeWebhook(request);
}
