import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/platform/db/client.server";
import { userProfiles, userRoles } from "~/platform/db/schema";
import { withUnsubscribeLink, type RenderedEmail } from "~/platform/email/templates/layout";
import type { Locale } from "~/i18n/config";
import { deriveKey } from "~/utils/derived-key.server";
import { notificationSettingsPathFor } from "~/utils/chrome-rules";
import { getEnv } from "~/utils/env.server";
import { loadLocalSecrets } from "~/utils/local-secrets.server";
import { NOTIFICATION_TYPES, type NotificationType } from "~/utils/notifications";
import { turnEmailOff } from "./delivery-preferences.server";

// Unsubscribe links of the emails sent to an account (docs/product-rules.md,
// "Notification delivery"): /notifications/unsubscribe?u=<user id>&t=<token>
// [&type=<type>]. The token is an HMAC of the user id and the type (or of
// "all") with a key of its own derived from the auth secret, so a link works
// without signing in, for that one account and that one type, and nobody can
// make one for another account. Following the link changes nothing; only its
// page's button, or a mail client's one-click POST (RFC 8058), turns email off.

const PURPOSE = "tendly notification email unsubscribe v1";

const holder = globalThis as typeof globalThis & { __tendlyUnsubscribeKey?: { env: object; key: Promise<Buffer> } };

/**
 * The links' key, derived from the auth secret as server/boot.ts gives it to
 * the auth library: AUTH_SECRET, else the one generated into DATA_DIR. Read
 * here rather than from the auth library, so that a job or a test that never
 * started it can still write links.
 */
function unsubscribeKey(): Promise<Buffer> {
  const env = getEnv();
  if (holder.__tendlyUnsubscribeKey?.env !== env) {
    const key = (async () =>
      deriveKey(env.AUTH_SECRET ?? (await loadLocalSecrets(env.DATA_DIR)).authSecret, PURPOSE))();
    holder.__tendlyUnsubscribeKey = { env, key };
  }
  return holder.__tendlyUnsubscribeKey.key;
}

async function token(userId: string, type: NotificationType | undefined): Promise<string> {
  return createHmac("sha256", await unsubscribeKey())
    .update(`${userId}\n${type ?? "all"}`)
    .digest("base64url");
}

/** The link that turns off the emails of one type (or all notification emails) for one account. */
export async function emailUnsubscribeUrl(userId: string, type?: NotificationType): Promise<string> {
  const params = new URLSearchParams({ u: userId, t: await token(userId, type) });
  if (type) params.set("type", type);
  return `${getEnv().appUrl}/notifications/unsubscribe?${params}`;
}

/** The link's parameters, from its query string or the page's form. */
export const UnsubscribeLinkSchema = z.object({
  u: z.string().min(1).max(200),
  t: z.string().min(1).max(200),
  type: z.enum(NOTIFICATION_TYPES).optional(),
});
export type UnsubscribeLink = z.infer<typeof UnsubscribeLinkSchema>;

async function isValidLink(link: UnsubscribeLink): Promise<boolean> {
  const expected = Buffer.from(await token(link.u, link.type));
  const given = Buffer.from(link.t);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type UnsubscribeTarget = {
  userId: string;
  email: string;
  type: NotificationType | null;
  /** The account's notification settings, where email can be turned on again. */
  settingsPath: string;
};

/** What a link would turn off, or null when it is not a valid link of an existing account. */
export async function readUnsubscribeLink(input: unknown): Promise<UnsubscribeTarget | null> {
  const parsed = UnsubscribeLinkSchema.safeParse(input);
  if (!parsed.success || !(await isValidLink(parsed.data))) return null;
  const [account] = await db
    .select({ email: userProfiles.email })
    .from(userProfiles)
    .where(eq(userProfiles.id, parsed.data.u));
  if (!account) return null;
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, parsed.data.u));
  return {
    userId: parsed.data.u,
    email: account.email,
    type: parsed.data.type ?? null,
    settingsPath: notificationSettingsPathFor(roles.map((row) => row.role)),
  };
}

/** Turns email off for the link's type, or for every type; null when the link is not valid. */
export async function unsubscribeFromEmails(input: unknown): Promise<UnsubscribeTarget | null> {
  const target = await readUnsubscribeLink(input);
  if (!target) return null;
  await turnEmailOff(db, target.userId, target.type ? [target.type] : NOTIFICATION_TYPES);
  return target;
}

/**
 * An email of one type to an account, with the unsubscribe link of that type
 * (docs/product-rules.md, "Notification delivery").
 */
export async function withAccountUnsubscribe(
  email: RenderedEmail,
  account: { userId: string; type: NotificationType; locale: Locale },
) {
  const url = await emailUnsubscribeUrl(account.userId, account.type);
  return withUnsubscribeLink(email, { url, locale: account.locale });
}
