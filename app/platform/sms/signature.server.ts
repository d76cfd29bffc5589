import { createHmac, timingSafeEqual } from "node:crypto";

// The provider's signature on the requests it sends us (docs/decisions/0049-text-messages.md):
// X-Twilio-Signature is the base64 HMAC-SHA1, keyed with the account's auth token, of the full
// address the provider posted to followed by each POST parameter's name and value, sorted by name.

export function smsSignature(url: string, params: URLSearchParams, authToken: string): string {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) for (const value of params.getAll(name)) data += name + value;
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function isValidSmsSignature(
  signature: string | null,
  url: string,
  params: URLSearchParams,
  authToken: string,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(smsSignature(url, params, authToken));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
