import { eq, sql } from "drizzle-orm";
import { getAuth, withPageLocale } from "~/platform/auth/auth.server";
import { clientAddress } from "~/platform/auth/client-address";
import { homePathFor } from "~/platform/auth/redirects";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { getCurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { userProfiles } from "~/platform/db/schema";
import { localeOfRequest } from "~/i18n/locale";
import type { MessageRef } from "~/i18n/message-keys";
import { queueNotification } from "~/features/notifications/public.server";
import { checkEmailAllowance, recordEmailSend } from "./email-limits.server";
import { verificationFailureMessage, verificationTokenTarget } from "./registration-rules";

export type VerifyEmailOutcome =
  | { status: "verified"; userId: string; homePath: string; setCookies: string[] }
  /** An email change confirmed in a browser where its owner is not signed in. */
  | { status: "confirmed"; message: MessageRef }
  | { status: "failed"; message: MessageRef };

/**
 * Confirms a verification link's token (docs/product-rules.md, "Accounts and sign-in"). better-auth
 * marks the address verified and signs the person in; `setCookies` carries
 * that session to the browser.
 */
export async function verifyEmailToken({
  token,
  request,
}: {
  token: string;
  request: Request;
}): Promise<VerifyEmailOutcome> {
  const target = verificationTokenTarget(token);
  const before = target && !target.isEmailChange ? await verifiedState(target.email) : undefined;

  let response: Response;
  try {
    response = await getAuth().api.verifyEmail({ query: { token }, headers: request.headers, asResponse: true });
  } catch {
    return { status: "failed", message: verificationFailureMessage(undefined) };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    return { status: "failed", message: verificationFailureMessage(body?.code) };
  }

  const setCookies = response.headers.getSetCookie();
  const session = setCookies.find((cookie) => /^(__Secure-)?better-auth\.session_token=/.test(cookie));
  // A link used before signs nobody in, unless this browser is already signed in as that person.
  const cookieHeader = session ? session.split(";")[0]! : (request.headers.get("cookie") ?? "");
  const user = await getCurrentUser(new Request(request.url, { headers: { cookie: cookieHeader } }));
  if (!user || (target && user.email.toLowerCase() !== target.email)) {
    if (target?.isEmailChange) return { status: "confirmed", message: { key: "auth:verification.emailChanged" } };
    return { status: "failed", message: { key: "auth:verification.alreadyVerified" } };
  }
  if (before && !before.emailVerified) {
    await recordSecurityEvent({ type: "email_verified", userId: user.id, category: "account", request });
    await queueWelcome(user);
  }
  return { status: "verified", userId: user.id, homePath: homePathFor(user.roles), setCookies };
}

/**
 * The welcome notification of a newly verified family or caregiver
 * (docs/product-rules.md, "Notifications"). better-auth has already committed
 * the verification, so it is queued right after it; two verifications at
 * once store one, as an identical unread notification is not added twice.
 */
async function queueWelcome(user: { id: string; roles: readonly string[] }) {
  if (user.roles.includes("admin")) return;
  const isCaregiver = user.roles.includes("caregiver");
  await queueNotification(db, {
    userId: user.id,
    type: "system",
    subtype: "welcome",
    key: isCaregiver ? "welcomeCaregiver" : "welcomeFamily",
    actionUrl: isCaregiver ? "/caregiver" : "/request",
  });
}

async function verifiedState(email: string) {
  const [row] = await db
    .select({ emailVerified: userProfiles.emailVerified })
    .from(userProfiles)
    .where(eq(sql`lower(${userProfiles.email})`, email))
    .limit(1);
  return row;
}

/** A failure is worded by the page (auth:verification.resendFailedFallback); the library's words go to the log. */
export type ResendOutcome = { status: "sent" } | { status: "limited"; retryAt: Date } | { status: "failed" };

/**
 * Resend Email: within the per-address email limits, asks
 * better-auth to send a new link. It answers the same whether or not an
 * unverified account has this address, so nobody learns which addresses
 * have accounts.
 */
export async function resendVerificationEmail({
  email,
  request,
  now = new Date(),
}: {
  email: string;
  request: Request;
  now?: Date;
}): Promise<ResendOutcome> {
  const address = email.trim().toLowerCase();
  const allowance = await checkEmailAllowance(address, "verification", now);
  if (!allowance.allowed) return { status: "limited", retryAt: allowance.retryAt };
  try {
    // In the language of the page it was asked from.
    await withPageLocale(localeOfRequest(request), () =>
      getAuth().api.sendVerificationEmail({ body: { email: address } }),
    );
  } catch (error) {
    console.error("Could not resend a verification email:", errorMessage(error));
    return { status: "failed" };
  }
  await recordEmailSend(address, "verification", clientAddress(request));
  return { status: "sent" };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "";
}
