import { and, asc, eq, gte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailSends } from "~/db/schema";

// Emails a person can trigger (verification, password reset, invites) are
// limited per address, so that nobody can flood an inbox through us: one per
// minute, five per hour. A refused request learns when the next one is allowed
// (the "Email Limit Reached" countdown of spec 2.12).
export type EmailKind = (typeof emailSends.$inferInsert)["kind"];

export const EMAIL_LIMITS = { minIntervalMs: 60_000, perHour: 5 } as const;
const HOUR_MS = 60 * 60 * 1000;

export type EmailAllowance = { allowed: true } | { allowed: false; retryAt: Date };

export async function checkEmailAllowance(email: string, kind: EmailKind, now = new Date()): Promise<EmailAllowance> {
  const since = new Date(now.getTime() - HOUR_MS);
  const sends = await db
    .select({ createdAt: emailSends.createdAt })
    .from(emailSends)
    .where(and(eq(emailSends.email, email.toLowerCase()), eq(emailSends.kind, kind), gte(emailSends.createdAt, since)))
    .orderBy(asc(emailSends.createdAt));
  const last = sends.at(-1);
  const retryTimes: number[] = [];
  if (last) retryTimes.push(last.createdAt.getTime() + EMAIL_LIMITS.minIntervalMs);
  if (sends.length >= EMAIL_LIMITS.perHour) {
    retryTimes.push(sends[sends.length - EMAIL_LIMITS.perHour]!.createdAt.getTime() + HOUR_MS);
  }
  const retryAt = Math.max(0, ...retryTimes);
  return retryAt > now.getTime() ? { allowed: false, retryAt: new Date(retryAt) } : { allowed: true };
}

export async function recordEmailSend(email: string, kind: EmailKind, ipAddress: string | null = null) {
  await db.insert(emailSends).values({ email: email.toLowerCase(), kind, ipAddress });
}
