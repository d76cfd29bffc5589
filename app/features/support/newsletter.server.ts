import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, eq, gte } from "drizzle-orm";
import { getAuth } from "~/platform/auth/auth.server";
import { db } from "~/platform/db/client.server";
import { newsletterSubscriptions } from "~/platform/db/schema";
import { sendEmail } from "~/platform/email/mailer.server";
import { newsletterConfirmEmail } from "~/platform/email/templates/support-emails";
import type { Locale } from "~/i18n/config";
import { checkEmailAllowance, recordEmailSend } from "~/features/accounts/public.server";
import { deriveKey } from "~/utils/derived-key.server";
import { getEnv } from "~/utils/env.server";
import { SUPPORT_RATE_LIMIT } from "./support.schema";

// The footer's newsletter box, with double opt-in: an address is only
// subscribed once its owner follows the emailed link. Unsubscribe links are
// an HMAC of the address, so every future issue can carry one without
// storing it, and nobody can unsubscribe an address they cannot read mail for.

const HOUR_MS = 60 * 60 * 1000;
const CONFIRM_TTL_MS = 7 * 24 * HOUR_MS;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function unsubscribeToken(email: string): string {
  const secret = getAuth().options.secret;
  if (!secret) throw new Error("The auth secret is not set.");
  return createHmac("sha256", deriveKey(secret, "tendly newsletter unsubscribe v1"))
    .update(email.toLowerCase())
    .digest("base64url");
}

export function unsubscribeUrl(email: string): string {
  const params = new URLSearchParams({ email, token: unsubscribeToken(email) });
  return `${getEnv().appUrl}/newsletter/unsubscribe?${params}`;
}

export type SubscribeResult = { status: "sent" } | { status: "already-subscribed" } | { status: "limited" };

/** Sends the confirmation link in `locale`, the language the visitor used the site in (English when not given). */
export async function subscribeToNewsletter({
  email,
  ipAddress,
  locale,
}: {
  email: string;
  ipAddress: string | null;
  locale?: Locale;
}): Promise<SubscribeResult> {
  const [existing] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  if (existing?.status === "confirmed") return { status: "already-subscribed" };
  if (ipAddress) {
    const [recent] = await db
      .select({ n: count() })
      .from(newsletterSubscriptions)
      .where(
        and(
          eq(newsletterSubscriptions.ipAddress, ipAddress),
          gte(newsletterSubscriptions.createdAt, new Date(Date.now() - HOUR_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= SUPPORT_RATE_LIMIT.perHour) return { status: "limited" };
  }
  const allowance = await checkEmailAllowance(email, "newsletter-confirm");
  if (!allowance.allowed) return { status: "limited" };

  const token = randomBytes(32).toString("base64url");
  const values = {
    status: "pending" as const,
    confirmTokenHash: sha256(token),
    confirmTokenExpiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
    ipAddress,
    createdAt: new Date(),
    unsubscribedAt: null,
  };
  const confirmUrl = `${getEnv().appUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  // The pending subscription, its count against the allowance and its email: together or not at all.
  await db.transaction(async (tx) => {
    await tx
      .insert(newsletterSubscriptions)
      .values({ email, ...values })
      .onConflictDoUpdate({ target: newsletterSubscriptions.email, set: values });
    await recordEmailSend(email, "newsletter-confirm", ipAddress, tx);
    await sendEmail(
      { to: email, ...newsletterConfirmEmail({ confirmUrl, unsubscribeUrl: unsubscribeUrl(email), locale }) },
      tx,
    );
  });
  return { status: "sent" };
}

/** Confirms the subscription the token was sent for; null when the link is unknown, used or expired. */
export async function confirmNewsletter({ token }: { token: string }): Promise<{ email: string } | null> {
  if (!token) return null;
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ status: "confirmed", confirmedAt: new Date(), confirmTokenHash: null, confirmTokenExpiresAt: null })
    .where(
      and(
        eq(newsletterSubscriptions.confirmTokenHash, sha256(token)),
        gte(newsletterSubscriptions.confirmTokenExpiresAt, new Date()),
      ),
    )
    .returning({ email: newsletterSubscriptions.email });
  return row ?? null;
}

export function isValidUnsubscribeToken(email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(email));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Unsubscribes an address whose link checks out; false when it does not. */
export async function unsubscribeFromNewsletter({ email, token }: { email: string; token: string }): Promise<boolean> {
  if (!isValidUnsubscribeToken(email, token)) return false;
  await db
    .update(newsletterSubscriptions)
    .set({ status: "unsubscribed", unsubscribedAt: new Date(), confirmTokenHash: null, confirmTokenExpiresAt: null })
    .where(eq(newsletterSubscriptions.email, email.toLowerCase()));
  return true;
}
