import { isValidSmsSignature } from "~/platform/sms/signature.server";
import { getEnv } from "~/utils/env.server";
import { handleInboundSms } from "./sms-opt-out.server";

// The provider's webhook for texts people send us, POST /api/sms/webhook
// (docs/decisions/0049-text-messages.md). No session: the X-Twilio-Signature over the address we
// are known by (APP_URL) and the posted fields is the check; anything unsigned or signed with
// another token is refused with 403. STOP words opt the sender's number out, START words back in.
// The answer is empty TwiML: the provider itself confirms a STOP to the person.

const WEBHOOK_MAX_BYTES = 16 * 1024;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });

export async function handleSmsWebhook(request: Request): Promise<Response> {
  const settings = getEnv().sms;
  if (!settings) return plain(404, "Not found");
  if (Number(request.headers.get("content-length") ?? 0) > WEBHOOK_MAX_BYTES) return plain(413, "Too large");
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded") return plain(415, "Send application/x-www-form-urlencoded");
  const raw = await request.text();
  if (Buffer.byteLength(raw) > WEBHOOK_MAX_BYTES) return plain(413, "Too large");
  const params = new URLSearchParams(raw);
  // The provider signs the public address it posted to; behind a proxy that is APP_URL, not the host's.
  const target = new URL(request.url);
  const url = `${getEnv().appUrl}${target.pathname}${target.search}`;
  if (!isValidSmsSignature(request.headers.get("x-twilio-signature"), url, params, settings.authToken))
    return plain(403, "Invalid signature");
  const from = params.get("From");
  const body = params.get("Body");
  if (from && body !== null) await handleInboundSms({ from, body });
  return new Response(EMPTY_TWIML, { headers: { "Content-Type": "text/xml", "Cache-Control": "no-store" } });
}
