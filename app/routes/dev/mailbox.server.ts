import { isOutboxTransport } from "~/email/mailer.server";
import { getEnv } from "~/utils/env.server";

/** The mailbox shows reset links: only with the outbox transport on a loopback-only server. */
export function requireMailbox() {
  if (!isOutboxTransport() || !getEnv().isLoopbackOnly) throw new Response("Not Found", { status: 404 });
}
