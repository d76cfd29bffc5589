import { redirect } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { signedOutPath } from "~/auth/redirects";
import { recordSecurityEvent } from "~/auth/security-events.server";
import { readPreferences } from "~/utils/preferences";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/logout";

// Sign Out (spec 2.7, 2.8): ends the session on the server, then the login
// page of the app mode (mobile-app or desktop) with the toast.
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const preferences = readPreferences(request);
  const target = signedOutPath({
    override: preferences.modeOverride,
    submitted: form.get("mode")?.toString(),
    fromRequest: preferences.appMode,
  });

  const headers = new Headers();
  try {
    const session = await getAuth().api.getSession({ headers: request.headers });
    const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    if (session && response.ok) {
      await recordSecurityEvent({ type: "logout", userId: session.user.id, category: "session", request });
    }
  } catch (error) {
    // Spec 8: sign-out carries on even when the session was already gone.
    console.warn("Sign-out:", error instanceof Error ? error.message : error);
  }
  headers.append("Set-Cookie", toastCookie({ type: "success", title: "You have been logged out" }));
  return redirect(target, { headers });
}

export function loader() {
  return redirect("/");
}
