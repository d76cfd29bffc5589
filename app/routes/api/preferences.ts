import { data, redirect } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "~/platform/auth/redirects";
import { MODE_OVERRIDE_COOKIE } from "~/utils/app-mode";
import { preferenceCookie } from "~/utils/cookies";
import { TEXT_SIZE_COOKIE, THEME_COOKIE } from "~/utils/preferences";
import type { Route } from "./+types/preferences";
import { parseForm } from "~/utils/form-data.server";

// Saves display preferences (theme, text size, app-mode override) in cookies.
// Works as a fetcher target and, without JavaScript, as a plain form post.
const PreferencesSchema = z.object({
  theme: z.enum(["light", "dark", "system"]).optional(),
  textSize: z.enum(["normal", "large", "x-large"]).optional(),
  modeOverride: z.enum(["mobile", "desktop", "auto"]).optional(),
  redirectTo: z.string().optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, PreferencesSchema);
  if (submission.status !== "success") return data({ ok: false, error: "Unknown preference" }, { status: 400 });
  const { theme, textSize, modeOverride, redirectTo } = submission.value;
  const headers = new Headers();
  if (theme) headers.append("Set-Cookie", preferenceCookie(THEME_COOKIE, theme));
  if (textSize) headers.append("Set-Cookie", preferenceCookie(TEXT_SIZE_COOKIE, textSize));
  if (modeOverride)
    headers.append("Set-Cookie", preferenceCookie(MODE_OVERRIDE_COOKIE, modeOverride === "auto" ? null : modeOverride));
  const back = safeRedirectPath(redirectTo);
  if (back) return redirect(back, { headers });
  return data({ ok: true }, { headers });
}
