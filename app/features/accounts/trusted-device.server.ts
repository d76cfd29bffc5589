import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ONE_YEAR_SECONDS, readCookie } from "~/utils/cookies";
import { deriveKey } from "~/utils/derived-key.server";

// OWASP's "device cookie" against lockout attacks
// (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
// a browser that signed in to an account carries a signed cookie naming its
// device id and that account. Failures from unknown browsers lock the
// account for unknown browsers only; such a browser is counted on its own.
export const DEVICE_COOKIE = "tendly-device";
/** A shared computer may sign in to a few accounts; the most recent ones are kept. */
const MAX_ACCOUNTS = 5;

export type TrustedDevice = { deviceId: string; userIds: string[] };

function signature(secret: string, payload: string): Buffer {
  return createHmac("sha256", deriveKey(secret, "tendly trusted-device cookie v1")).update(payload).digest();
}

/** The verified device cookie of a request, or null (absent, malformed or forged). */
export function readTrustedDevice(request: Request, secret: string): TrustedDevice | null {
  const value = readCookie(request.headers.get("cookie"), DEVICE_COOKIE);
  const match = value?.match(/^([\w-]{22})\.([\w~-]{0,400})\.([\w-]{43})$/);
  if (!match) return null;
  const [, deviceId, accounts, mac] = match as unknown as [string, string, string, string];
  const expected = signature(secret, `${deviceId}.${accounts}`);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { deviceId, userIds: accounts ? accounts.split("~") : [] };
}

/** The cookie after a successful sign-in of `userId` on this browser. */
export function trustedDeviceCookie(options: {
  current: TrustedDevice | null;
  userId: string;
  secret: string;
  isSecure: boolean;
}): { device: TrustedDevice; setCookie: string } {
  const { current, userId, secret, isSecure } = options;
  const deviceId = current?.deviceId ?? randomBytes(16).toString("base64url");
  const others = (current?.userIds ?? []).filter((id) => id !== userId);
  const userIds = [...others, userId].slice(-MAX_ACCOUNTS);
  const payload = `${deviceId}.${userIds.join("~")}`;
  const value = `${payload}.${signature(secret, payload).toString("base64url")}`;
  const attributes = [
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "SameSite=Lax",
    "HttpOnly",
    ...(isSecure ? ["Secure"] : []),
  ];
  return { device: { deviceId, userIds }, setCookie: `${DEVICE_COOKIE}=${value}; ${attributes.join("; ")}` };
}
