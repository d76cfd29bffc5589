import { expect } from "vitest";
import { CLIENT_IP_HEADER, getAuth } from "~/auth/auth.server";

/**
 * Signs in through better-auth's HTTP handler, as a browser would, from the
 * given client address (rate limits count per address), and returns the
 * session cookie ("name=value") to send with later requests.
 */
export async function signInCookie(input: {
  appUrl: string;
  email: string;
  password: string;
  address: string;
}): Promise<string> {
  const response = await getAuth().handler(
    new Request(`${input.appUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: input.appUrl, [CLIENT_IP_HEADER]: input.address },
      body: JSON.stringify({ email: input.email, password: input.password }),
    }),
  );
  expect(response.status, `sign-in of ${input.email}`).toBe(200);
  return response.headers
    .getSetCookie()
    .find((value) => value.startsWith("better-auth.session_token="))!
    .split(";")[0]!;
}
