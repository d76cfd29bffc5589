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

export const REGISTRATION_TEXTS = {
  cooldown: "Email verification limit reached. Please wait before trying again.",
  tooManySignUps: "Too many signup attempts. Please wait a few minutes before trying again.",
  redirectNotice: "You'll be redirected to the verification page in a moment...",
  cooldownNotice: "Email sending temporarily limited",
  noUser: "Registration failed. Please try again later.",
} as const;

export type ToastText = { title: string; description?: string };

export const REGISTRATION_TOASTS = {
  accountExists: {
    title: "Account already exists",
    description:
      "Looks like you already have an account! Try signing in instead, or check your email for a verification link.",
  },
  demoAccount: {
    title: "Demo account detected",
    description:
      "Demo accounts can't be registered. Use the demo login on the sign-in page, or register with another email.",
  },
  passwordTooShort: { title: "Password too short", description: "Password must be at least 8 characters" },
  invalidEmail: { title: "Invalid email", description: "Please enter a valid email address" },
  noUser: { title: "Registration failed", description: REGISTRATION_TEXTS.noUser },
  busy: {
    title: "One moment, please",
    description: "Lots of people are signing up right now. Please try again in a moment.",
  },
  checkEmail: (email: string) => ({
    title: "Check your email",
    description: `We sent a verification link to ${email}. Click it to activate your account.`,
  }),
} as const satisfies Record<string, ToastText | ((email: string) => ToastText)>;

export type RegistrationRefusal = { status: "rate-limited"; message: string } | { status: "refused"; toast: ToastText };

/**
 * Registration refusals: what a person sees for a failed sign-up, by the
 * error's message (from the auth library or the database).
 */
export function registrationRefusalFor(message: string | undefined): RegistrationRefusal {
  const text = message?.trim() ?? "";
  // Too many password hashes waiting (app/utils/password.server.ts): nothing was stored.
  if (/password hashing is busy/i.test(text)) return { status: "refused", toast: REGISTRATION_TOASTS.busy };
  if (/rate limit|verification limit|too many requests|too many sign-?up attempts/i.test(text)) {
    return { status: "rate-limited", message: text };
  }
  if (
    /already exists|account with this email exists|already registered|email address not available|duplicate key/i.test(
      text,
    )
  ) {
    return { status: "refused", toast: REGISTRATION_TOASTS.accountExists };
  }
  if (/demo account/i.test(text)) return { status: "refused", toast: REGISTRATION_TOASTS.demoAccount };
  if (/password.*(at least|too short)/i.test(text)) {
    return { status: "refused", toast: { title: "Password too short", description: text } };
  }
  if (/valid email|invalid email/i.test(text)) return { status: "refused", toast: REGISTRATION_TOASTS.invalidEmail };
  return { status: "refused", toast: { title: "Registration failed", description: text || REGISTRATION_TEXTS.noUser } };
}

export const VERIFICATION_TEXTS = {
  success: "Email verified successfully!",
  failedTitle: "Verification failed",
  failedFallback: "There was an issue verifying your email. Please try again.",
  resendSent: "Verification email sent",
  resendFailedTitle: "Error",
  resendFailedFallback: "Failed to resend verification email",
  invalidLink: "This verification link is not valid. Sign in with your email and password to get a new one.",
  expiredLink: "This verification link has expired. Sign in with your email and password to get a new one.",
  unknownAccount: "We could not find the account for this link. Please register again.",
  alreadyVerified: "This email address is already verified. Please sign in to continue.",
  emailChanged: "Your new email address is confirmed. Sign in with it to continue.",
  legacyLink: "This verification link is no longer supported. Sign in with your email and password to get a new one.",
} as const;

/** The message shown for a refused verification token (better-auth's error code or message). */
export function verificationFailureMessage(code: string | undefined, message: string | undefined): string {
  if (code === "TOKEN_EXPIRED") return VERIFICATION_TEXTS.expiredLink;
  if (code === "INVALID_TOKEN") return VERIFICATION_TEXTS.invalidLink;
  if (code === "USER_NOT_FOUND") return VERIFICATION_TEXTS.unknownAccount;
  return message?.trim() || VERIFICATION_TEXTS.failedFallback;
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
export function isBusyRefusal(outcome: { status: string; toast?: ToastText }): boolean {
  return outcome.status === "refused" && outcome.toast === REGISTRATION_TOASTS.busy;
}
