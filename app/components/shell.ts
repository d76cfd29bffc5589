import { isRouteErrorResponse } from "react-router";
import type { BlockedCaregiverStatus } from "~/platform/auth/guards.server";
import type { CurrentUser } from "~/platform/auth/session.server";
import type { I18nPayload } from "~/i18n/config";
import type { Preferences } from "~/utils/preferences";

/** What the chrome around every screen needs: the user, display preferences, contact details. */
export type Shell = {
  user: CurrentUser | null;
  preferences: Preferences;
  contact: { phone: string; email: string };
  /** The site's public origin (APP_URL), for canonical URLs and structured data. */
  siteUrl: string;
  /** A demo put online with DEMO_MODE=true: every page says nothing entered is private. */
  isPublicDemo: boolean;
  /** The active language and only its messages (app/i18n). */
  i18n: I18nPayload;
};

/**
 * The refusal a pending or suspended caregiver gets for every /caregiver page
 * (docs/product-rules.md, "Areas, roles and redirects"), thrown by the caregiver area's middleware with status 403.
 * When a middleware refuses a document request React Router runs no loader at
 * all, the root's included, and renders the root's error boundary; the
 * refusal therefore carries the chrome's data itself.
 */
export type CaregiverStatusRefusal = { refusal: "caregiver-status"; status: BlockedCaregiverStatus; shell: Shell };

export function caregiverStatusRefusal(error: unknown): CaregiverStatusRefusal | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 403) return undefined;
  const data = error.data as Partial<CaregiverStatusRefusal> | null;
  return data?.refusal === "caregiver-status" ? (data as CaregiverStatusRefusal) : undefined;
}
