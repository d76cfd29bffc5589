import { isOutboxTransport } from "~/platform/email/mailer.server";
import { getEnv } from "~/utils/env.server";
import { arrivedThroughProxy } from "~/utils/forwarded";

/**
 * The mailbox shows reset links, so it opens only where env.mailbox allows it
 * (development, or DEV_MAILBOX=true; never with a trusted proxy or SMTP) and
 * never to a request that came through a proxy (docs/decisions/0010).
 */
export function requireMailbox(request: Request) {
  const isOpen = getEnv().mailbox.enabled && isOutboxTransport() && !arrivedThroughProxy(request);
  if (!isOpen) throw new Response("Not Found", { status: 404 });
}
