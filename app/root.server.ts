import { getCurrentUser, type CurrentUser } from "~/platform/auth/session.server";
import type { Locale } from "~/i18n/config";
import { i18nPayload } from "~/i18n/i18n.server";
import { localeOfRequest } from "~/i18n/locale";
import { getEnv } from "~/utils/env.server";
import { readPreferences } from "~/utils/preferences";
import type { Shell } from "~/components/shell";

/** What the chrome around every screen needs (root loader, and refusals rendered without it). */
export function loadShell(request: Request, user: CurrentUser | null): Shell {
  const env = getEnv();
  return {
    user,
    preferences: readPreferences(request),
    contact: { phone: env.SUPPORT_PHONE, email: env.SUPPORT_EMAIL },
    siteUrl: env.appUrl,
    isPublicDemo: env.demo.public,
    i18n: i18nPayload(localeOfRequest(request, user?.locale)),
  };
}

/** The language of this request's page, as the root loader renders it: for a loader that picks content by language. */
export async function pageLocale(request: Request): Promise<Locale> {
  const user = await getCurrentUser(request);
  return localeOfRequest(request, user?.locale);
}
