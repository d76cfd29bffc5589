import { redirect } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/logout";

// Sign Out (spec 2.8): ends the session on the server, then "/" with a toast.
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  try {
    const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    // Spec 8: sign-out carries on even when the session was already gone.
    console.warn("Sign-out:", error instanceof Error ? error.message : error);
  }
  headers.append("Set-Cookie", toastCookie({ type: "success", title: "You have been logged out" }));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
