import type { SmsSettings } from "~/utils/env.server";

// The text-message provider (docs/decisions/0049-text-messages.md): Twilio's Messages API, or any
// service that answers the same way. One message is one form-encoded POST to
// {SMS_API_BASE}/2010-04-01/Accounts/{SMS_ACCOUNT_SID}/Messages.json with basic auth (sid:token).
// Only the job that sends texts calls it (features/notifications/sms.job.ts), never a request.

const SEND_TIMEOUT_MS = 10_000;

/** Twilio's error 21610: the recipient replied STOP to this sender, so nothing reaches them. */
export const UNSUBSCRIBED_RECIPIENT = 21610;

/**
 * A message the provider did not accept. `isRetryable`: a timeout, a network failure or a 5xx (or a
 * 429), worth another try later; a 4xx is a refusal that the same request will meet again.
 */
export class SmsProviderError extends Error {
  override name = "SmsProviderError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly isRetryable: boolean,
  ) {
    super(message);
  }
  /** The number replied STOP: it is opted out. */
  get isUnsubscribed(): boolean {
    return this.code === UNSUBSCRIBED_RECIPIENT;
  }
}

export function messagesUrl(settings: SmsSettings): string {
  return `${settings.apiBase}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
}

/** Sends one text; answers the provider's id for it. Throws SmsProviderError. */
export async function sendSms(
  settings: SmsSettings,
  message: { to: string; body: string },
  options: { timeoutMs?: number } = {},
): Promise<{ sid: string }> {
  const auth = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64");
  let response: Response;
  try {
    response = await fetch(messagesUrl(settings), {
      method: "POST",
      headers: {
        Authorization: `Basic ${auth}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams({ To: message.to, From: settings.from, Body: message.body }),
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SmsProviderError(`The text-message provider could not be reached: ${reason}`, null, null, true);
  }
  const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
  if (response.ok && typeof answer.sid === "string") return { sid: answer.sid };
  const code = typeof answer.code === "number" ? answer.code : null;
  const detail = typeof answer.message === "string" ? `: ${answer.message}` : "";
  const isRetryable = response.status >= 500 || response.status === 429 || response.ok;
  throw new SmsProviderError(
    `The text-message provider answered ${response.status}${code ? ` (error ${code})` : ""}${detail}`,
    response.status,
    code,
    isRetryable,
  );
}
