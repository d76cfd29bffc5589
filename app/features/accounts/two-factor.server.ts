import { renderSVG } from "uqr";
import { getAuth } from "~/platform/auth/auth.server";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import type { MessageKey, MessageRef } from "~/i18n/message-keys";
import { validationRef } from "~/i18n/message-text";
import { AppError, type AppErrorCode } from "~/utils/app-error";
import {
  TwoFactorCodeSchema,
  TwoFactorPasswordSchema,
  type TwoFactorActionResult,
  type TwoFactorIntent,
  type TwoFactorSetup,
} from "./two-factor";

// TOTP enrolment through better-auth's twoFactor plugin. The password starts
// enrolment, and the plugin answers with the otpauth URI and backup codes; a
// code from the authenticator app confirms; the password turns TOTP off.
// Confirming and turning off replace the session, so the new session cookie
// goes back too. A refusal throws an AppError whose `field` is the form field
// ("password" or "code") its message belongs to.

export type TwoFactorOutcome = { result: Extract<TwoFactorActionResult, { ok: true }>; setCookies: string[] };

const WRONG_PASSWORD = "account:twoFactor.errors.wrongPassword";
const WRONG_CODE = "account:twoFactor.errors.wrongCode";

type AuthAnswer = { ok: boolean; status: number; body: Record<string, unknown>; setCookies: string[] };

/** Calls a better-auth endpoint as the person making `request`. */
async function callAuth(call: () => Promise<Response>): Promise<AuthAnswer> {
  const response = await call();
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, body, setCookies: response.headers.getSetCookie() };
}

function setupFrom(totpURI: string, backupCodes: string[]): TwoFactorSetup {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return { totpURI, secret, qrSvg: renderSVG(totpURI, { ecc: "M", border: 2 }), backupCodes };
}

/** The setup carried by the confirmation form, so that a mistyped code can be tried again. */
export function twoFactorSetupFromForm(form: FormData): TwoFactorSetup | undefined {
  const totpURI = String(form.get("totpURI") ?? "");
  if (!totpURI.startsWith("otpauth://totp/") || totpURI.length > 500) return undefined;
  const backupCodes = String(form.get("backupCodes") ?? "")
    .split(/\s+/)
    .filter((code) => /^[\w-]{1,40}$/.test(code))
    .slice(0, 20);
  return setupFrom(totpURI, backupCodes);
}

const refusal = (field: "password" | "code", message: MessageRef | MessageKey, code: AppErrorCode = "invalid") =>
  new AppError(code, message, { field });

export async function changeTwoFactor({
  request,
  userId,
  intent,
  form,
}: {
  request: Request;
  userId: string;
  intent: TwoFactorIntent;
  form: FormData;
}): Promise<TwoFactorOutcome> {
  const auth = getAuth().api;
  const headers = request.headers;

  if (intent === "2fa-verify") {
    const setup = twoFactorSetupFromForm(form);
    const parsed = TwoFactorCodeSchema.safeParse({ code: form.get("code") ?? "" });
    if (!parsed.success) throw refusal("code", validationRef(parsed.error.issues[0]?.message) ?? WRONG_CODE);
    const answer = await callAuth(() =>
      auth.verifyTOTP({ body: { code: parsed.data.code }, headers, asResponse: true }),
    );
    if (!answer.ok) throw refusal("code", WRONG_CODE);
    await recordSecurityEvent({ type: "two_factor_enabled", userId, request, metadata: { method: "totp" } });
    return { result: { intent, ok: true, backupCodes: setup?.backupCodes ?? [] }, setCookies: answer.setCookies };
  }

  const parsed = TwoFactorPasswordSchema.safeParse({ password: form.get("password") ?? "" });
  if (!parsed.success) throw refusal("password", validationRef(parsed.error.issues[0]?.message) ?? WRONG_PASSWORD);
  const { password } = parsed.data;

  if (intent === "2fa-start") {
    const answer = await callAuth(() => auth.enableTwoFactor({ body: { password }, headers, asResponse: true }));
    if (!answer.ok) {
      if (answer.body.code === "TOTP_ALREADY_ENABLED") {
        throw refusal("password", "account:twoFactor.errors.alreadyOn", "conflict");
      }
      throw refusal("password", WRONG_PASSWORD);
    }
    const totpURI = String(answer.body.totpURI);
    const backupCodes = (answer.body.backupCodes as string[] | undefined) ?? [];
    return { result: { intent, ok: true, setup: setupFrom(totpURI, backupCodes) }, setCookies: answer.setCookies };
  }

  const answer = await callAuth(() => auth.disableTwoFactor({ body: { password }, headers, asResponse: true }));
  if (!answer.ok) throw refusal("password", WRONG_PASSWORD);
  await recordSecurityEvent({ type: "two_factor_disabled", userId, request, metadata: { method: "totp" } });
  return { result: { intent, ok: true }, setCookies: answer.setCookies };
}
