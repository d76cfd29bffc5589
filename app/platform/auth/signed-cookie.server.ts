import { createCookie, type Cookie } from "react-router";
import { deriveKey } from "~/utils/derived-key.server";
import { getEnv } from "~/utils/env.server";
import { getAuth } from "./auth.server";

/**
 * A signed, HttpOnly, SameSite=Lax cookie for the whole site whose key is
 * derived from the auth secret for `purpose` alone. Returns its getter: the
 * cookie is made on first use (the secret is known only once auth is up) and
 * again if the secret changes.
 */
export function signedCookie(name: string, purpose: string, maxAgeSeconds: number): () => Cookie {
  let cached: { secret: string; cookie: Cookie } | undefined;
  return () => {
    const secret = getAuth().options.secret;
    if (!secret) throw new Error("The auth secret is not set.");
    if (cached?.secret !== secret) {
      const key = deriveKey(secret, purpose).toString("base64url");
      const cookie = createCookie(name, {
        secrets: [key],
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        maxAge: maxAgeSeconds,
        secure: getEnv().appUrl.startsWith("https://"),
      });
      cached = { secret, cookie };
    }
    return cached.cookie;
  };
}
