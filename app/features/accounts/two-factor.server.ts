import { renderSVG } from "uqr";
import { getAuth } from "~/platform/auth/auth.server";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import type { MessageKey, MessageRef } from "~/i18n/message-keys";
import { AppError, type AppErrorCode } from "~/utils/app-error";
import type { TwoFactorActionResult, TwoFactorChange, TwoFactorSetup } from "./two-factor";

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
export function twoFactorSetupFromForm(fields: {
  totpURI?: unknown;
  backupCodes?: unknown;
}): TwoFactorSetup | undefined {
  const totpURI = typeof fields.totpURI === "string" ? fields.totpURI : "";
  if (!totpURI.startsWith("otpauth://totp/") || totpURI.length > 500) return undefined;
  const backupCodes = (typeof fields.backupCodes === "string" ? fields.backupCodes : "")
    .split(/\s+/)
    .filter((code) => /^[\w-]{1,40}$/.test(code))
    .slice(0, 20);
  return setupFrom(totpURI, backupCodes);
}

const refusal = (field: "password" | "code", message: MessageRef | MessageKey, code: AppErrorCode = "invalid") =>
  new AppError(code, message, { field });

/** A two-factor form, parsed by TwoFactorFormSchema: starts setup, confirms it with a code, or turns it off. */
export async function changeTwoFactor({
  request,
  userId,
  change,
}: {
  request: Request;
  userId: string;
  change: TwoFactorChange;
}): Promise<TwoFactorOutcome> {
  const auth = getAuth().api;
  const headers = request.headers;

  if (change.intent === "2fa-verify") {
    const setup = twoFactorSetupFromForm(change);
    const answer = await callAuth(() => auth.verifyTOTP({ body: { code: change.code }, headers, asResponse: true }));
    if (!answer.ok) throw refusal("code", WRONG_CODE);
    await recordSecurityEvent({ type: "two_factor_enabled", userId, request, metadata: { method: "totp" } });
    return {
      result: { intent: change.intent, ok: true, backupCodes: setup?.backupCodes ?? [] },
      setCookies: answer.setCookies,
    };
  }

  const { password } = change;

  if (change.intent === "2fa-start") {
    const answer = await callAuth(() => auth.enableTwoFactor({ body: { password }, headers, asResponse: true }));
    if (!answer.ok) {
      if (answer.body.code === "TOTP_ALREADY_ENABLED") {
        throw refusal("password", "account:twoFactor.errors.alreadyOn", "conflict");
      }
      throw refusal("password", WRONG_PASSWORD);
    }
    const totpURI = String(answer.body.totpURI);
    const backupCodes = (answer.body.backupCodes as string[] | undefined) ?? [];
    return {
      result: { intent: change.intent, ok: true, setup: setupFrom(totpURI, backupCodes) },
      setCookies: answer.setCookies,
    };
  }

  const answer = await callAuth(() => auth.disableTwoFactor({ body: { password }, headers, asResponse: true }));
  if (!answer.ok) throw refusal("password", WRONG_PASSWORD);
  await recordSecurityEvent({ type: "two_factor_disabled", userId, request, metadata: { method: "totp" } });
  return { result: { intent: change.intent, ok: true }, setCookies: answer.setCookies };
}
