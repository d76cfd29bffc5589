import type { SubmissionResult } from "@conform-to/react";
import { homePathFor, safeRedirectPath } from "~/platform/auth/redirects";
import type { Role } from "~/utils/roles";

// What the three sign-in pages share with the browser: the pages, the
// failure kinds and their texts (docs/product-rules.md, "Accounts and sign-in"), and where a sign-in leads (docs/product-rules.md, "Areas, roles and redirects").

/** /login/desktop, /login/pwa (app mode) and /admin/login. */
export type SignInPage = "desktop" | "pwa" | "admin";

export type SignInFailure =
  | "invalid"
  | "unverified"
  | "too-many"
  | "network"
  | "other"
  | "two-factor-invalid"
  | "two-factor-expired"
  /** Too many sign-ins at this moment (the password hashing queue is full): not the person's doing. */
  | "busy";

type Message = { emoji: string; text: string };

/** The full layout's messages, with their emoji. */
export const FULL_MESSAGES: Record<SignInFailure, Message> = {
  invalid: { emoji: "🤔", text: "Hmm, that email and password combination doesn't look right. Please try again!" },
  unverified: { emoji: "📬", text: "Please check your email and click the verification link before signing in." },
  "too-many": {
    emoji: "⏳",
    text: "Whoa there! Too many attempts. Please take a breather and try again in a few minutes.",
  },
  network: { emoji: "📡", text: "Connection hiccup! Please check your internet and try again." },
  other: {
    emoji: "🧐",
    text: "Hmm, something's not quite right. Please double-check your details and try again!",
  },
  "two-factor-invalid": {
    emoji: "🔐",
    text: "That code didn't work. Please enter the current 6-digit code from your authenticator app.",
  },
  "two-factor-expired": { emoji: "⌛", text: "Your sign-in timed out. Please enter your email and password again." },
  busy: { emoji: "🚦", text: "Lots of people are signing in right now. Please try again in a moment." },
};

/** The compact app-mode variants. */
export const COMPACT_MESSAGES: Record<SignInFailure, string> = {
  invalid: "Invalid email or password. Please try again.",
  unverified: "Please verify your email before signing in.",
  "too-many": "Too many attempts. Please wait and try again.",
  network: "Connection issue. Please check your internet.",
  other: "Something went wrong. Please try again in a moment.",
  "two-factor-invalid": "Invalid code. Please try again.",
  "two-factor-expired": "Sign-in timed out. Please sign in again.",
  busy: "Busy right now. Please try again in a moment.",
};

export type DemoAccount = { role: Role; email: string; label: string };
export const DEMO_LABELS: Record<Role, string> = { client: "Client", caregiver: "Caregiver", admin: "Admin" };

/** What a sign-in page's action answers when it does not redirect. */
export type SignInActionData = {
  step: "password" | "two-factor";
  email: string;
  error?: SignInFailure;
  /** The password step's field errors (docs/decisions/0036-one-way-to-build-a-form.md). */
  result?: SubmissionResult<string[]>;
};

/** The app-mode form's error clears itself after 5 s. */
export const COMPACT_ERROR_CLEAR_MS = 5000;

/**
 * Where a sign-in leads: the page first asked for, else
 * /admin from the admin login; from the app-mode login caregivers go to
 * /caregiver and everyone else to /dashboard; else the user's home.
 */
export function signInDestination(options: {
  page: SignInPage;
  roles: readonly Role[];
  redirectTo?: string | null;
}): string {
  const { page, roles, redirectTo } = options;
  const requested = safeRedirectPath(redirectTo);
  if (requested) return requested;
  if (page === "admin") return "/admin";
  if (page === "pwa") return roles.includes("caregiver") ? "/caregiver" : "/dashboard";
  return homePathFor(roles);
}
