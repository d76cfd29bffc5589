import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { z } from "zod";
import type { CurrentUser } from "~/platform/auth/session.server";
import { CareSettingsFormSchema } from "~/features/visits/care-settings.schema";
import { updateCareSettings } from "~/features/visits/care-settings.server";
import type { Locale } from "~/i18n/config";
import { refusalData } from "~/i18n/refusal-response";
import { SettingsFormSchema } from "~/routes/client/settings.server";

import type { CareSettingsResult } from "~/components/admin/care-settings-form";

// The care-delivery thresholds section of /admin/settings (intent
// "care-settings"): parsed with CareSettingsFormSchema among the page's forms,
// saved by updateCareSettings; a refusal in the admin's language.

/** Every form of /admin/settings: the care thresholds, and the notification and two-factor forms of every settings page. */
export const AdminSettingsFormSchema = z.discriminatedUnion("intent", [
  CareSettingsFormSchema,
  ...SettingsFormSchema.options,
]);

type Reply = (options?: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}) => SubmissionResult<string[]>;

export async function careSettingsAction(
  user: CurrentUser,
  reply: Reply,
  values: z.output<typeof CareSettingsFormSchema> | undefined,
  locale: Locale,
  request?: Request,
) {
  if (!values) {
    return data<CareSettingsResult>({ intent: "care-settings", ok: false, status: "invalid", result: reply() }, 400);
  }
  const { intent: _intent, ...settings } = values;
  try {
    await updateCareSettings({ actor: user, values: settings, request });
    return data<CareSettingsResult>({ intent: "care-settings", ok: true });
  } catch (error) {
    return refusalData<CareSettingsResult>(error, locale, ({ text, field }) => ({
      intent: "care-settings",
      ok: false,
      result: field ? reply({ fieldErrors: { [field]: [text] } }) : reply({ formErrors: [text] }),
    }));
  }
}
