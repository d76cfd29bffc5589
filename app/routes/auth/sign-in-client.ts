import type { SignInActionData } from "~/features/accounts/sign-in";

/**
 * The sign-in pages' clientAction: the server action, except that a request
 * that never reached the server (offline, connection dropped) shows the
 * connection message instead of the error page. Redirects and server errors
 * pass through unchanged.
 */
export async function signInClientAction<T>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<T>;
}): Promise<T | SignInActionData> {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    // fetch() rejects with a TypeError when the network fails (https://fetch.spec.whatwg.org/#fetch-method).
    if (!(error instanceof TypeError)) throw error;
    const step = form.get("intent") === "two-factor" ? "two-factor" : "password";
    const email = form.get("email");
    return { step, email: typeof email === "string" ? email : "", error: "network" };
  }
}
