import { isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { getAuth } from "~/auth/auth.server";
import { clientAddress } from "~/auth/client-address";
import { recordSecurityEvent } from "~/auth/security-events.server";
import { db } from "~/db/client.server";
import { userProfiles } from "~/db/schema";
import { checkEmailAllowance, recordEmailSend } from "./email-limits.server";

// Password reset (spec 7: POST /recover, redirect target /reset-password).
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
 * Sends a reset link to `email` when it belongs to an account. The answer is
 * the same whether or not it does, so that nobody learns who has an account;
 * the per-address limit applies to every address alike.
 */
export async function requestPasswordReset({
  email,
  request,
}: {
  email: string;
  request: Request;
}): Promise<ResetRequestResult> {
  const allowance = await checkEmailAllowance(email, "password-reset");
  if (!allowance.allowed) return { status: "limited", retryAt: allowance.retryAt };
  await recordEmailSend(email, "password-reset", clientAddress(request));
  try {
    await getAuth().api.requestPasswordReset({
      body: { email, redirectTo: RESET_REDIRECT_PATH },
      headers: request.headers,
    });
  } catch (error) {
    console.error("Password reset request failed:", error instanceof Error ? error.message : error);
    return { status: "failed" };
  }
  const userId = await userIdByEmail(email);
  await recordSecurityEvent({
    type: "password_reset_requested",
    userId,
    category: "account",
    request,
    metadata: userId ? {} : { email, accountFound: false },
  });
  return { status: "sent" };
}

export type ResetPasswordResult =
  { status: "updated" } | { status: "invalid-token" } | { status: "failed"; message: string };

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
