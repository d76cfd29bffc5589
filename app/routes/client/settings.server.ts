import { data } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import {
  preferencesFromForm,
  quietHoursFromForm,
  type DeliveryActionResult,
} from "~/features/notifications/delivery-settings.schema";
import {
  loadDeliverySettings,
  saveDeliveryPreferences,
  saveQuietHours,
} from "~/features/notifications/delivery-preferences.server";
import { isTwoFactorIntent, type TwoFactorActionResult } from "~/features/accounts/two-factor";
import { changeTwoFactor, twoFactorSetupFromForm } from "~/features/accounts/two-factor.server";
import { getServerT } from "~/i18n/i18n.server";
import { refusalData } from "~/i18n/refusal-response";
import { readForm } from "~/utils/form-data.server";
import type { Role } from "~/utils/roles";
import { settingsTabOf } from "~/components/account/settings-tabs";

// The settings page of the client and caregiver areas (docs/product-rules.md,
// "Notification delivery"): two tabs, ?tab=security (two-factor) and
// ?tab=notifications (delivery preferences, quiet hours, push on this device).

export async function settingsLoader(request: Request, roles: readonly Role[]) {
  const user = await requireRole(request, roles);
  const tab = settingsTabOf(new URL(request.url).searchParams.get("tab"));
  return {
    tab,
    isTwoFactorEnabled: user.twoFactorEnabled,
    delivery: tab === "notifications" ? await loadDeliverySettings({ actor: user }) : null,
  };
}

/** The notification forms, by their intent; null for any other form of the page. */
export async function deliverySettingsAction(user: { id: string }, form: FormData) {
  const intent = form.get("intent");
  if (intent === "delivery-preferences") {
    await saveDeliveryPreferences({ actor: user, preferences: preferencesFromForm(form) });
    return data<DeliveryActionResult>({ intent, ok: true });
  }
  if (intent === "quiet-hours") {
    const parsed = quietHoursFromForm(form);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "")] ??= issue.message;
      return data<DeliveryActionResult>({ intent, ok: false, fieldErrors }, { status: 400 });
    }
    const saved = await saveQuietHours({ actor: user, quietHours: parsed.data });
    return data<DeliveryActionResult>({ intent, ok: true, isQuietOn: saved.isOn });
  }
  return null;
}

/** The page's forms: the notification ones by their intent, the rest to two-factor. */
export async function settingsAction(request: Request, roles: readonly Role[]) {
  const user = await requireRole(request, roles);
  const delivery = await deliverySettingsAction(user, await readForm(request.clone()));
  return delivery ?? twoFactorAction(request, roles);
}

/** The action of a settings page with the two-factor section, for users holding one of `roles`. */
export async function twoFactorAction(request: Request, roles: readonly Role[]) {
  const user = await requireRole(request, roles);
  const { locale, t } = getServerT(request, "account", user.locale);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isTwoFactorIntent(intent)) throw data(t("twoFactor.unknownAction"), { status: 400 });
  try {
    const { result, setCookies } = await changeTwoFactor({ request, userId: user.id, intent, form });
    const headers = new Headers();
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    return data<TwoFactorActionResult>(result, { headers });
  } catch (error) {
    // A mistyped code can be tried again: the setup goes back with the error.
    const setup = intent === "2fa-verify" ? twoFactorSetupFromForm(form) : undefined;
    return refusalData<TwoFactorActionResult>(error, locale, ({ field = "password", text }) => ({
      intent,
      ok: false,
      // The feature's refusal (or the schema's message), worded in the person's language.
      fieldErrors: { [field]: text },
      ...(setup ? { setup } : {}),
    }));
  }
}
