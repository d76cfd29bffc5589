import type { MessageRef } from "~/i18n/message-keys";

// Registration and email-verification rules (docs/product-rules.md, "Accounts and sign-in") that
// need no I/O: texts, timings, the error catalogue and small helpers shared
// by the server and the pages.

/** The verify-email timings. */
export const VERIFY_EMAIL_TIMINGS = {
  /** After a successful verification, the wait before going to the user's home. */
  redirectDelayMs: 1500,
  /** Countdown when the page is reached in rate-limited state without an end time. */
  defaultCountdownSeconds: 300,
  /** The registration page's wait between the rate-limit alert and /verify-email. */
  rateLimitRedirectMs: 3000,
} as const;

/**
 * The window of the per-client-address sign-up limit; how many sign-ups it
 * allows is SIGN_UPS_PER_ADDRESS_PER_HOUR (docs/product-rules.md, "Accounts and sign-in").
 */
export const SIGN_UP_ADDRESS_WINDOW_MS = 60 * 60 * 1000;

/** The rate-limit alerts of registration, as message keys (auth:registration). */
export const REGISTRATION_LIMITS = {
  cooldown: { key: "auth:registration.cooldown" },
  tooManySignUps: { key: "auth:registration.tooManySignUps" },
} as const satisfies Record<string, MessageRef>;

/** A toast's title and description, as message keys worded by the page. */
export type ToastRef = { title: MessageRef; description?: MessageRef };

export const REGISTRATION_TOASTS = {
  accountExists: {
    title: { key: "auth:registrationToasts.accountExists" },
    description: { key: "auth:registrationToasts.accountExistsDescription" },
  },
  demoAccount: {
    title: { key: "auth:registrationToasts.demoAccount" },
    description: { key: "auth:registrationToasts.demoAccountDescription" },
  },
  passwordTooShort: {
    title: { key: "auth:registrationToasts.passwordTooShort" },
    description: { key: "validation:passwordTooShort" },
  },
  invalidEmail: {
    title: { key: "auth:registrationToasts.invalidEmail" },
    description: { key: "validation:emailInvalid" },
  },
  noUser: {
    title: { key: "auth:registrationToasts.registrationFailed" },
    description: { key: "auth:registration.noUser" },
  },
  busy: {
    title: { key: "auth:registrationToasts.busy" },
    description: { key: "auth:registrationToasts.busyDescription" },
  },
} as const satisfies Record<string, ToastRef>;

export type RegistrationRefusal =
  { status: "rate-limited"; message: MessageRef } | { status: "refused"; toast: ToastRef };

/**
 * Registration refusals: what a person sees for a failed sign-up, by the
 * error's message (from the auth library or the database). An error not
 * recognised is the general failure; its own words are for the log.
 */
export function registrationRefusalFor(message: string | undefined): RegistrationRefusal {
  const text = message?.trim() ?? "";
  // Too many password hashes waiting (app/utils/password.server.ts): nothing was stored.
  if (/password hashing is busy/i.test(text)) return { status: "refused", toast: REGISTRATION_TOASTS.busy };
  if (/verification limit/i.test(text)) return { status: "rate-limited", message: REGISTRATION_LIMITS.cooldown };
  if (/rate limit|too many requests|too many sign-?up attempts/i.test(text)) {
    return { status: "rate-limited", message: REGISTRATION_LIMITS.tooManySignUps };
  }
  if (
    /already exists|account with this email exists|already registered|email address not available|duplicate key/i.test(
      text,
    )
  ) {
    return { status: "refused", toast: REGISTRATION_TOASTS.accountExists };
  }
  if (/demo account/i.test(text)) return { status: "refused", toast: REGISTRATION_TOASTS.demoAccount };
  if (/password.*(at least|too short)/i.test(text))
    return { status: "refused", toast: REGISTRATION_TOASTS.passwordTooShort };
  if (/valid email|invalid email/i.test(text)) return { status: "refused", toast: REGISTRATION_TOASTS.invalidEmail };
  return { status: "refused", toast: REGISTRATION_TOASTS.noUser };
}

/**
 * The message shown for a refused verification token, by better-auth's error code: an expired or
 * invalid link, an account that is gone; anything else (the library's own words, an error thrown
 * on the way) is the catalogue's general failure, worded by the page.
 */
export function verificationFailureMessage(code: string | undefined): MessageRef {
  if (code === "TOKEN_EXPIRED") return { key: "auth:verification.expiredLink" };
  if (code === "INVALID_TOKEN") return { key: "auth:verification.invalidLink" };
  if (code === "USER_NOT_FOUND") return { key: "auth:verification.unknownAccount" };
  return { key: "auth:verification.failedFallback" };
}

/**
 * Links of the old hosted auth service carried
 * `type=signup&access_token=...&refresh_token=...`. We never issue them.
 */
export function isLegacySignupLink(params: URLSearchParams): boolean {
  return params.get("type") === "signup" && (params.has("access_token") || params.has("refresh_token"));
}

/**
 * Whose address a verification token confirms (a JWT whose signature the auth
 * library checks; read here only to know the address, never trusted): the new
 * address of an email change, else the account's address.
 */
export function verificationTokenTarget(token: string): { email: string; isEmailChange: boolean } | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(new TextDecoder().decode(base64UrlToBytes(payload))) as {
      email?: unknown;
      updateTo?: unknown;
    };
    if (typeof json.updateTo === "string") return { email: json.updateTo.toLowerCase(), isEmailChange: true };
    return typeof json.email === "string" ? { email: json.email.toLowerCase(), isEmailChange: false } : null;
  } catch {
    return null;
  }
}

function base64UrlToBytes(value: string): Uint8Array {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Whether a refusal is the "try again in a moment" of a full password hashing queue (answered 503). */
export function isBusyRefusal(outcome: { status: string; toast?: ToastRef }): boolean {
  return outcome.status === "refused" && outcome.toast === REGISTRATION_TOASTS.busy;
}
