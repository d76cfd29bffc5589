import { redirect } from "react-router";
import { getAuth } from "~/platform/auth/auth.server";
import { signedOutPath } from "~/platform/auth/redirects";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { getServerT } from "~/i18n/i18n.server";
import { readPreferences } from "~/utils/preferences";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/logout";
import { z } from "zod";
import { parseForm } from "~/utils/form-data.server";

// Sign Out (docs/product-rules.md, "Areas, roles and redirects"): ends the session on the server, then the login
// page of the app mode (mobile-app or desktop) with the toast.
// The app mode the page was in; anything else counts as not given.
const LogoutSchema = z.object({ mode: z.string().optional() });

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, LogoutSchema);
  const preferences = readPreferences(request);
  const target = signedOutPath({
    override: preferences.modeOverride,
    submitted: submission.status === "success" ? submission.value.mode : undefined,
    fromRequest: preferences.appMode,
  });

  const headers = new Headers();
  // The toast in the language of the person signing out.
  let accountLocale: string | null | undefined;
  try {
    const session = await getAuth().api.getSession({ headers: request.headers });
    accountLocale = (session?.user as { locale?: string | null } | undefined)?.locale;
    const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    if (session && response.ok) {
      await recordSecurityEvent({ type: "logout", userId: session.user.id, category: "session", request });
    }
  } catch (error) {
    // Sign-out carries on even when the session was already gone.
    console.warn("Sign-out:", error instanceof Error ? error.message : error);
  }
  const { t } = getServerT(request, "account", accountLocale);
  headers.append("Set-Cookie", toastCookie({ type: "success", title: t("loggedOut") }));
  return redirect(target, { headers });
}

export function loader() {
  return redirect("/");
}
