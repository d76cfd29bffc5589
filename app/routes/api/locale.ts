import { data, redirect } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "~/platform/auth/redirects";
import { getCurrentUser } from "~/platform/auth/session.server";
import { saveAccountLocale } from "~/platform/auth/account-locale.server";
import { LOCALE_COOKIE, LOCALES } from "~/i18n/config";
import { withLocaleParam } from "~/i18n/locale";
import { preferenceCookie } from "~/utils/cookies";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/locale";

// The language switch (components/language-switch.tsx): remembers the choice
// in a cookie and, for a signed-in person, on the account (emails use it).
// With JavaScript a fetcher posts here and the page's data reloads in place;
// without, the form post comes back to the same page (query string kept).
const LocaleSchema = z.object({ locale: z.enum(LOCALES), redirectTo: z.string().optional() });

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, LocaleSchema);
  if (submission.status !== "success") return data({ ok: false as const }, { status: 400 });
  const { locale, redirectTo } = submission.value;
  const user = await getCurrentUser(request);
  if (user) await saveAccountLocale(user.id, locale);
  const headers = new Headers({ "Set-Cookie": preferenceCookie(LOCALE_COOKIE, locale) });
  const back = safeRedirectPath(redirectTo);
  if (back) return redirect(withLocaleParam(back, locale), { headers });
  return data({ ok: true as const, locale }, { headers });
}
