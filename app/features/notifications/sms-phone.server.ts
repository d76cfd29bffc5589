import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { addMinutes } from "date-fns/addMinutes";
import { eq, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/config";
import { recordAuditEventIn } from "~/platform/auth/security-events.server";
import { db } from "~/platform/db/client.server";
import { queueJob } from "~/platform/db/job-queue.server";
import { smsPhones } from "~/platform/db/schema";
import { formatUsPhone, usPhoneToE164 } from "~/platform/sms/phone";
import { getEnv } from "~/utils/env.server";
import { sendSmsJob } from "./sms.job";
import { smsCodeText } from "./sms-text.server";

// A person's phone for text messages (docs/decisions/0049-text-messages.md), changed by its owner
// only (every query is scoped to the signed-in person's id). A number is verified by a 6-digit code
// sent to it: kept hashed, good for 10 minutes and 5 tries; a new code at most once a minute and 5
// an hour. Another number starts unverified again.

type Actor = { id: string };

export const SMS_CODE = {
  digits: 6,
  validMinutes: 10,
  maxAttempts: 5,
  resendSeconds: 60,
  maxPerHour: 5,
} as const;

export type SmsPhoneState = {
  /** "(312) 555-0142" */
  display: string;
  isVerified: boolean;
  isOptedOut: boolean;
  /** A code was sent and may still be typed. */
  isCodePending: boolean;
};

/** What the settings page shows of the person's phone and whether texts can be sent at all. */
export async function loadSmsSettings(actor: Actor, now = new Date()) {
  const [row] = await db.select().from(smsPhones).where(eq(smsPhones.userId, actor.id));
  const phone: SmsPhoneState | null = row
    ? {
        display: formatUsPhone(row.phone),
        isVerified: row.verifiedAt !== null,
        isOptedOut: row.optedOutAt !== null,
        isCodePending:
          row.codeHash !== null &&
          row.codeExpiresAt !== null &&
          row.codeExpiresAt > now &&
          row.codeAttempts < SMS_CODE.maxAttempts,
      }
    : null;
  return { isAvailable: getEnv().sms !== null, phone };
}
export type SmsSettingsData = Awaited<ReturnType<typeof loadSmsSettings>>;

function hashCode(userId: string, phone: string, code: string): string {
  return createHash("sha256").update(`${userId}\n${phone}\n${code}`).digest("hex");
}

export type SendCodeResult =
  | { ok: true; phone: string }
  | { ok: false; reason: "unavailable" | "invalidPhone" | "tooSoon" | "tooMany" | "optedOut" };

/**
 * Sends a code to the number typed (and makes it the person's number: another one than before is
 * unverified and opted in again). The text goes out from a job, in the person's language.
 */
export async function sendPhoneCode(
  { actor, phone: typed, locale }: { actor: Actor; phone: string; locale: Locale },
  now = new Date(),
): Promise<SendCodeResult> {
  if (!getEnv().sms) return { ok: false, reason: "unavailable" };
  const phone = usPhoneToE164(typed);
  if (!phone) return { ok: false, reason: "invalidPhone" };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-phone:${actor.id}`}))`);
    const [current] = await tx.select().from(smsPhones).where(eq(smsPhones.userId, actor.id));
    const isSameNumber = current?.phone === phone;
    if (isSameNumber && current.optedOutAt) return { ok: false, reason: "optedOut" } as const;
    if (current?.codeSentAt) {
      const sinceLast = now.getTime() - current.codeSentAt.getTime();
      if (sinceLast < SMS_CODE.resendSeconds * 1000) return { ok: false, reason: "tooSoon" } as const;
      if (sinceLast < 60 * 60 * 1000 && current.codesSent >= SMS_CODE.maxPerHour)
        return { ok: false, reason: "tooMany" } as const;
    }
    const withinHour = current?.codeSentAt && now.getTime() - current.codeSentAt.getTime() < 60 * 60 * 1000;
    const code = String(randomInt(0, 10 ** SMS_CODE.digits)).padStart(SMS_CODE.digits, "0");
    const values = {
      phone,
      codeHash: hashCode(actor.id, phone, code),
      codeExpiresAt: addMinutes(now, SMS_CODE.validMinutes),
      codeAttempts: 0,
      codeSentAt: now,
      codesSent: (withinHour ? (current?.codesSent ?? 0) : 0) + 1,
      // Another number is not verified, and has not replied STOP to us.
      ...(isSameNumber ? {} : { verifiedAt: null, optedOutAt: null }),
      updatedAt: now,
    };
    await tx
      .insert(smsPhones)
      .values({ userId: actor.id, ...values })
      .onConflictDoUpdate({ target: smsPhones.userId, set: values });
    const body = smsCodeText({ code, minutes: SMS_CODE.validMinutes }, locale);
    await queueJob(sendSmsJob, { userId: actor.id, kind: "code", to: phone, body }, { tx });
    return { ok: true, phone: formatUsPhone(phone) } as const;
  });
}

export type VerifyCodeResult = { ok: true } | { ok: false; reason: "noCode" | "expired" | "tooManyTries" | "wrong" };

/** Checks the code typed: right, the number is verified; wrong, one try fewer is left. */
export async function verifyPhoneCode(
  { actor, code, request }: { actor: Actor; code: string; request?: Request },
  now = new Date(),
): Promise<VerifyCodeResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(smsPhones).where(eq(smsPhones.userId, actor.id)).for("update");
    if (!row?.codeHash || !row.codeExpiresAt) return { ok: false, reason: "noCode" } as const;
    if (row.codeAttempts >= SMS_CODE.maxAttempts) return { ok: false, reason: "tooManyTries" } as const;
    if (row.codeExpiresAt <= now) return { ok: false, reason: "expired" } as const;
    const given = Buffer.from(hashCode(actor.id, row.phone, code.trim()));
    const expected = Buffer.from(row.codeHash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      const attempts = row.codeAttempts + 1;
      await tx.update(smsPhones).set({ codeAttempts: attempts }).where(eq(smsPhones.userId, actor.id));
      return { ok: false, reason: attempts >= SMS_CODE.maxAttempts ? "tooManyTries" : "wrong" } as const;
    }
    await tx
      .update(smsPhones)
      .set({ verifiedAt: now, codeHash: null, codeExpiresAt: null, codeAttempts: 0, updatedAt: now })
      .where(eq(smsPhones.userId, actor.id));
    await recordAuditEventIn(tx, { type: "sms_phone_verified", userId: actor.id, category: "account", request });
    return { ok: true } as const;
  });
}

/** Removes the person's number: no more texts until they add one again. */
export async function removePhone({ actor, request }: { actor: Actor; request?: Request }) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(smsPhones)
      .where(eq(smsPhones.userId, actor.id))
      .returning({ userId: smsPhones.userId });
    if (removed.length > 0)
      await recordAuditEventIn(tx, { type: "sms_phone_removed", userId: actor.id, category: "account", request });
  });
}
