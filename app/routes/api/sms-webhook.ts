import { handleSmsWebhook } from "~/features/notifications/sms-webhook.server";
import type { Route } from "./+types/sms-webhook";

// The text-message provider's webhook, POST /api/sms/webhook (docs/decisions/0049-text-messages.md):
// replies such as STOP and START. No session: the X-Twilio-Signature is the check
// (features/notifications/sms-webhook.server.ts). The provider sends neither Origin nor
// Sec-Fetch-Site, so the host's cross-site guard (utils/same-origin.ts) lets it through without an
// exemption, as it does Stripe's webhook.

const notAllowed = () => new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });

export function loader() {
  return notAllowed();
}

export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return notAllowed();
  return handleSmsWebhook(request);
}
