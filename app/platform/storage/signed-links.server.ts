import { createHmac, timingSafeEqual } from "node:crypto";

// Signed links to private files (docs/product-rules.md, "Caregiver application and vetting"):
// an HMAC over the resource, the one viewer it was made for and its expiry.
// A link proves nothing by itself: the route also checks that the person
// opening it is that viewer and still has the right to see the file.

/** A signed URL lives 3600 s unless asked otherwise. */
export const SIGNED_LINK_LIFETIME_SECONDS = 3600;

export type SignedLinkParams = { viewer: string; expires: string; signature: string };

function mac(key: Buffer, resource: string, viewer: string, expires: string): string {
  return createHmac("sha256", key).update(`${resource}\n${viewer}\n${expires}`).digest("base64url");
}

/** The query parameters of a link to `resource` for `viewerId`, valid until now + lifetime. */
export function signLink({
  key,
  resource,
  viewerId,
  now = new Date(),
  lifetimeSeconds = SIGNED_LINK_LIFETIME_SECONDS,
}: {
  key: Buffer;
  resource: string;
  viewerId: string;
  now?: Date;
  lifetimeSeconds?: number;
}): SignedLinkParams {
  const expires = String(Math.floor(now.getTime() / 1000) + lifetimeSeconds);
  return { viewer: viewerId, expires, signature: mac(key, resource, viewerId, expires) };
}

export type LinkCheck = "valid" | "expired" | "invalid";

/** Whether the parameters were signed with `key` for `resource` and have not expired. */
export function checkLink({
  key,
  resource,
  params,
  now = new Date(),
}: {
  key: Buffer;
  resource: string;
  params: Partial<SignedLinkParams>;
  now?: Date;
}): LinkCheck {
  const { viewer, expires, signature } = params;
  if (!viewer || !expires || !signature || !/^\d{1,12}$/.test(expires)) return "invalid";
  const expected = Buffer.from(mac(key, resource, viewer, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return Number(expires) * 1000 <= now.getTime() ? "expired" : "valid";
}

/** A private file opened through its signed link, or why not. */
export type OpenedFile =
  | { status: "ok"; bytes: Buffer; contentType: string; fileName: string }
  | { status: "refused"; reason: LinkCheck | "not-yours" | "not-found" };
