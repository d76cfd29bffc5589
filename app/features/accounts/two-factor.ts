import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { messageKey } from "~/i18n/message-keys";

// Two-factor authentication (TOTP) forms, shared by the settings pages of
// every role: the form validates with these schemas and the action re-parses.

export const TWO_FACTOR_INTENTS = ["2fa-start", "2fa-verify", "2fa-disable"] as const;
export type TwoFactorIntent = (typeof TWO_FACTOR_INTENTS)[number];

export const TwoFactorPasswordSchema = z.object({
  password: z.string().min(1, messageKey("validation:passwordRequired")),
});

export const TwoFactorCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, messageKey("validation:account.twoFactorCodeInvalid"))),
});

/** The password forms, starting setup or turning two-factor off: the intent is a hidden field. */
const TwoFactorStartSchema = TwoFactorPasswordSchema.extend({ intent: z.literal("2fa-start") });
const TwoFactorDisableSchema = TwoFactorPasswordSchema.extend({ intent: z.literal("2fa-disable") });

/** The confirmation form: the code, and the setup it confirms carried back as hidden fields. */
export const TwoFactorVerifySchema = TwoFactorCodeSchema.extend({
  intent: z.literal("2fa-verify"),
  totpURI: z.string().optional(),
  backupCodes: z.string().optional(),
});

/** Every two-factor form of a settings page, by its intent. */
export const TwoFactorFormSchema = z.discriminatedUnion("intent", [
  TwoFactorStartSchema,
  TwoFactorVerifySchema,
  TwoFactorDisableSchema,
]);
export type TwoFactorChange = z.output<typeof TwoFactorFormSchema>;

/** What the person needs to add Tendly to an authenticator app. */
export type TwoFactorSetup = {
  totpURI: string;
  /** The base32 key, for typing into an app by hand. */
  secret: string;
  /** An SVG QR code of `totpURI`, generated on the server. */
  qrSvg: string;
  backupCodes: string[];
};

export type TwoFactorActionResult =
  | { intent: "2fa-start"; ok: true; setup: TwoFactorSetup }
  | { intent: "2fa-verify"; ok: true; backupCodes: string[] }
  | { intent: "2fa-disable"; ok: true }
  | {
      intent: TwoFactorIntent;
      ok: false;
      status?: "invalid";
      /** The form's field errors and values (a schema's message key, or a refusal worded by the server). */
      result: SubmissionResult<string[]>;
      setup?: TwoFactorSetup;
    };

export function isTwoFactorIntent(value: unknown): value is TwoFactorIntent {
  return TWO_FACTOR_INTENTS.includes(value as TwoFactorIntent);
}
