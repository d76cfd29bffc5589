import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { z } from "zod";
import { requireRole } from "~/platform/auth/session.server";
import {
  DeliveryFormSchema,
  SMS_INTENTS,
  type SmsIntent,
  preferencesFromForm,
  quietHoursFromForm,
  type DeliveryActionResult,
} from "~/features/notifications/delivery-settings.schema";
import { removePhone, sendPhoneCode, verifyPhoneCode } from "~/features/notifications/sms-phone.server";
import {
  loadDeliverySettings,
  saveDeliveryPreferences,
  saveQuietHours,
} from "~/features/notifications/delivery-preferences.server";
import { isTwoFactorIntent, TwoFactorFormSchema, type TwoFactorActionResult } from "~/features/accounts/two-factor";
import { changeTwoFactor, twoFactorSetupFromForm } from "~/features/accounts/two-factor.server";
import { getServerT } from "~/i18n/i18n.server";
import { refusalData } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
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

/** Every form of a settings page, by its intent: the notification ones and two-factor. */
export const SettingsFormSchema = z.discriminatedUnion("intent", [
  ...DeliveryFormSchema.options,
  ...TwoFactorFormSchema.options,
]);
export type SettingsForm = z.output<typeof SettingsFormSchema>;

/** A settings form as parseForm read it: what was posted, its reply, and its values when they were valid. */
export type SettingsSubmission = {
  payload: Record<string, unknown>;
  reply: (options?: { hideFields?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;
  value?: SettingsForm;
};

/** The page's forms, parsed once by SettingsFormSchema. */
export async function settingsAction(request: Request, roles: readonly Role[]) {
  const user = await requireRole(request, roles);
  const submission = await parseForm(request, SettingsFormSchema);
  return settingsFormAnswer(request, user, {
    payload: submission.payload,
    reply: submission.reply,
    value: submission.status === "success" ? submission.value : undefined,
  });
}

/** The answer to a notification or two-factor form of a settings page (the admin's page too). */
export async function settingsFormAnswer(
  request: Request,
  user: { id: string; locale?: string | null },
  submission: SettingsSubmission,
) {
  const { intent } = submission.payload;
  const { value } = submission;
  if (intent === "delivery-preferences" || intent === "quiet-hours") {
    if (!value) {
      return data<DeliveryActionResult>({ intent, ok: false, status: "invalid", result: submission.reply() }, 400);
    }
    if (value.intent === "delivery-preferences") {
      await saveDeliveryPreferences({ actor: user, preferences: preferencesFromForm(value) });
      return data<DeliveryActionResult>({ intent: value.intent, ok: true });
    }
    if (value.intent === "quiet-hours") {
      // The schema checked these fields with the same function.
      const saved = await saveQuietHours({ actor: user, quietHours: quietHoursFromForm(value).data! });
      return data<DeliveryActionResult>({ intent: value.intent, ok: true, isQuietOn: saved.isOn });
    }
  }
  if (isSmsIntent(intent)) return smsFormAnswer(request, user, submission, intent);
  const { locale, t } = getServerT(request, "account", user.locale);
  if (!isTwoFactorIntent(intent)) throw data(t("twoFactor.unknownAction"), { status: 400 });
  // Passwords and codes are never sent back; a mistyped code can be tried again: the setup goes back with the error.
  const hideFields = ["password", "code"];
  const setup = intent === "2fa-verify" ? twoFactorSetupFromForm(submission.payload) : undefined;
  const withSetup = setup ? { setup } : {};
  if (!value || value.intent !== intent) {
    return data<TwoFactorActionResult>(
      { intent, ok: false, status: "invalid", result: submission.reply({ hideFields }), ...withSetup },
      400,
    );
  }
  try {
    const { result, setCookies } = await changeTwoFactor({ request, userId: user.id, change: value });
    const headers = new Headers();
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    return data<TwoFactorActionResult>(result, { headers });
  } catch (error) {
    return refusalData<TwoFactorActionResult>(error, locale, ({ field = "password", text }) => ({
      intent,
      ok: false,
      // The feature's refusal, worded in the person's language.
      result: submission.reply({ fieldErrors: { [field]: [text] }, hideFields }),
      ...withSetup,
    }));
  }
}

function isSmsIntent(intent: unknown): intent is SmsIntent {
  return SMS_INTENTS.includes(intent as SmsIntent);
}

/**
 * The text-message forms (docs/decisions/0049-text-messages.md): a code sent to the number typed, the
 * code typed back, the number removed. A refusal comes back as the field's error, in the page's language.
 */
async function smsFormAnswer(
  request: Request,
  user: { id: string; locale?: string | null },
  submission: SettingsSubmission,
  intent: SmsIntent,
) {
  const { value } = submission;
  const hideFields = ["code"];
  if (!value || value.intent !== intent)
    return data<DeliveryActionResult>(
      { intent, ok: false, status: "invalid", result: submission.reply({ hideFields }) },
      400,
    );
  const { locale, t } = getServerT(request, "delivery", user.locale);
  const refuse = (field: string, reason: string) =>
    data<DeliveryActionResult>(
      {
        intent,
        ok: false,
        status: "invalid",
        result: submission.reply({ fieldErrors: { [field]: [t(`sms.errors.${reason}`)] }, hideFields }),
      },
      reason === "tooSoon" || reason === "tooMany" ? 429 : 400,
    );
  if (value.intent === "sms-send-code") {
    const sent = await sendPhoneCode({ actor: user, phone: value.phone, locale });
    if (!sent.ok) return refuse("phone", sent.reason);
    return data<DeliveryActionResult>({ intent: value.intent, ok: true, phone: sent.phone });
  }
  if (value.intent === "sms-verify") {
    const verified = await verifyPhoneCode({ actor: user, code: value.code, request });
    if (!verified.ok) return refuse("code", verified.reason);
    return data<DeliveryActionResult>({ intent: value.intent, ok: true });
  }
  await removePhone({ actor: user, request });
  return data<DeliveryActionResult>({ intent: "sms-remove", ok: true });
}
