import { data } from "react-router";
import type { CurrentUser } from "~/platform/auth/session.server";
import { fieldErrors } from "~/components/form-controls";
import { CareSettingsSchema } from "~/features/visits/care-settings.schema";
import { updateCareSettings } from "~/features/visits/care-settings.server";
import type { Locale } from "~/i18n/config";
import { validationTexts } from "~/i18n/i18n.server";
import { refusalData } from "~/i18n/refusal-response";

import type { CareSettingsResult } from "~/components/admin/care-settings-form";

// The care-delivery thresholds section of /admin/settings (intent
// "care-settings"): parsed with CareSettingsSchema, saved by
// updateCareSettings; messages in the admin's language.

export async function careSettingsAction(user: CurrentUser, form: FormData, locale: Locale) {
  const parsed = CareSettingsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<CareSettingsResult>(
      { intent: "care-settings", ok: false, fieldErrors: validationTexts(locale, fieldErrors(parsed.error.issues)) },
      400,
    );
  }
  try {
    await updateCareSettings({ actor: user, values: parsed.data });
    return data<CareSettingsResult>({ intent: "care-settings", ok: true });
  } catch (error) {
    return refusalData<CareSettingsResult>(error, locale, ({ text, field = "form" }) => ({
      intent: "care-settings",
      ok: false,
      fieldErrors: { [field]: text },
    }));
  }
}
