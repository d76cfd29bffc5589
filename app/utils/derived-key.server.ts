import { createHmac } from "node:crypto";

/**
 * A key of its own for one purpose, derived from the auth secret, so that a
 * MAC made for one cookie can never pass as another's (or as better-auth's).
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(purpose).digest();
}
