import { isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getAuth, withPageLocale } from "~/platform/auth/auth.server";
import { clientAddress } from "~/platform/auth/client-address";
import { recordSecurityEvent, requestOrigin, type RequestOrigin } from "~/platform/auth/security-events.server";
import { db } from "~/platform/db/client.server";
import { defineJob, queueJob } from "~/platform/db/job-queue.server";
import { userProfiles } from "~/platform/db/schema";
import { LOCALES, type Locale } from "~/i18n/config";
import { localeOfRequest } from "~/i18n/locale";
import { isPasswordHashingBusy } from "~/utils/password.server";
import { checkEmailAllowance, recordEmailSend } from "./email-limits.server";

// Password reset (docs/product-rules.md, "Accounts and sign-in"): POST /recover, redirect target /reset-password.
// better-auth emails a link to /api/auth/reset-password/<token>, which checks
// the token and redirects to /reset-password?token=... (or ?error=INVALID_TOKEN).

export const RESET_REDIRECT_PATH = "/reset-password";

export type ResetRequestResult = { status: "sent" } | { status: "limited"; retryAt: Date } | { status: "failed" };

async function userIdByEmail(email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(sql`lower(${userProfiles.email})`, email.toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Asks for a reset link to `email`. The answer is the same whether or not the
 * address has an account, and so is the work done here: the per-address
 * limit (which applies to every address alike) and one queued job. Whether
 * an account exists is looked up by that job (sendPasswordResetLink), outside
 * the request, so that the answer's timing tells nothing either.
 */
export async function requestPasswordReset({
  email,
  request,
}: {
  email: string;
  request: Request;
}): Promise<ResetRequestResult> {
  const address = email.trim().toLowerCase();
  const allowance = await checkEmailAllowance(address, "password-reset");
  if (!allowance.allowed) return { status: "limited", retryAt: allowance.retryAt };
  try {
    await db.transaction(async (tx) => {
      await recordEmailSend(address, "password-reset", clientAddress(request), tx);
      await queueJob(
        passwordResetRequestJob,
        // The email is written in the language of the page the request came from.
        { email: address, origin: requestOrigin(request), locale: localeOfRequest(request) },
        { tx },
      );
    });
  } catch (error) {
    console.error("Password reset request failed:", error instanceof Error ? error.message : error);
    return { status: "failed" };
  }
  return { status: "sent" };
}

/**
 * The queued half of requestPasswordReset: better-auth emails the link when
 * the address has an account (and quietly does nothing otherwise), and the
 * security event is written either way. Throws to be retried.
 */
export async function sendPasswordResetLink({
  email,
  origin,
  locale,
}: {
  email: string;
  origin: RequestOrigin;
  /** The language of the page it was asked from; a job queued before it was recorded has none. */
  locale?: Locale;
}) {
  const ask = () => getAuth().api.requestPasswordReset({ body: { email, redirectTo: RESET_REDIRECT_PATH } });
  await (locale ? withPageLocale(locale, ask) : ask());
  const userId = await userIdByEmail(email);
  await recordSecurityEvent({
    type: "password_reset_requested",
    userId,
    category: "account",
    origin,
    metadata: userId ? {} : { email, accountFound: false },
  });
}

/** The job that does what a reset request asks (registered in app/features/accounts/accounts.job.ts). */
export const passwordResetRequestJob = defineJob({
  name: "password-reset.request",
  payload: z.object({
    email: z.string().min(1),
    origin: z.object({ ipAddress: z.string().nullable(), userAgent: z.string().nullable(), path: z.string() }),
    locale: z.enum(LOCALES).optional(),
  }),
  run: (payload) => sendPasswordResetLink(payload),
});
export const PASSWORD_RESET_REQUEST_JOB = passwordResetRequestJob.name;

export type ResetPasswordResult =
  | { status: "updated" }
  | { status: "invalid-token" }
  /** Too many password hashes waiting: nothing changed and the link still works; try again in a moment. */
  | { status: "busy" }
  | { status: "failed"; message: string };

/** Sets a new password with a reset token; better-auth then ends every session of that user. */
export async function resetPassword({
  token,
  newPassword,
  request,
}: {
  token: string;
  newPassword: string;
  request: Request;
}): Promise<ResetPasswordResult> {
  // The token names the user; read it before better-auth consumes it.
  const userId = await getAuth()
    .$context.then((context) => context.internalAdapter.findVerificationValue(`reset-password:${token}`))
    .then((verification) => verification?.value ?? null)
    .catch(() => null);
  try {
    await getAuth().api.resetPassword({ body: { newPassword, token } });
  } catch (error) {
    // better-auth hashes the new password before it uses up the token.
    if (isPasswordHashingBusy(error)) return { status: "busy" };
    if (isAPIError(error) && (error.body?.code === "INVALID_TOKEN" || error.body?.code === "USER_NOT_FOUND")) {
      return { status: "invalid-token" };
    }
    const message = error instanceof Error ? error.message : "";
    console.error("Password reset failed:", message);
    return { status: "failed", message: message || "We couldn't update your password. Please try again." };
  }
  await recordSecurityEvent({
    type: "password_changed",
    userId,
    category: "account",
    request,
    metadata: { via: "reset" },
  });
  return { status: "updated" };
}
