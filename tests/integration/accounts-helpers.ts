import { expect } from "vitest";
import { CLIENT_IP_HEADER, getAuth } from "~/platform/auth/auth.server";
import { getEnv } from "~/utils/env.server";

// Requests as a browser would send them to the app: from the app's origin and
// each from a client address of its own (the auth rate limits count per address).

let addressCounter = 0;
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

export function appRequest(
  path: string,
  init: { method?: string; cookie?: string; body?: BodyInit; headers?: Record<string, string> } = {},
): Request {
  const { appUrl } = getEnv();
  return new Request(`${appUrl}${path}`, {
    method: init.method ?? "GET",
    body: init.body,
    headers: {
      origin: appUrl,
      [CLIENT_IP_HEADER]: nextClientAddress(),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
  });
}

/** A POSTed form, as a React Router action receives it. */
export function formRequest(path: string, fields: Record<string, string | Blob>, cookie?: string): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return appRequest(path, { method: "POST", body, cookie });
}

/** Signs in as the sign-in pages' action does and returns the session cookie ("name=value"). */
export async function signInCookie(email: string, password: string): Promise<string> {
  const response = await getAuth().api.signInEmail({
    body: { email, password },
    headers: appRequest("/login/desktop").headers,
    asResponse: true,
  });
  expect(response.status, `sign-in of ${email}`).toBe(200);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("better-auth.session_token="));
  return cookie!.split(";")[0]!;
}

/** Runs a route action or loader and returns what it answered or threw (a redirect, a `data()` error). */
export async function settle<T>(call: Promise<T> | T): Promise<T | Response> {
  try {
    return await call;
  } catch (thrown) {
    const isDataError = (thrown as { type?: unknown } | null)?.type === "DataWithResponseInit";
    if (thrown instanceof Response || isDataError) return thrown as Response;
    throw thrown;
  }
}

/** A value made on first use and shared after that (users whose hashing is slow). */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
