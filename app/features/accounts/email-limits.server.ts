import { and, asc, eq, gte } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { emailSends } from "~/platform/db/schema";

// Emails a person can trigger (verification, password reset, invites) are
// limited per address, so that nobody can flood an inbox through us: one per
// minute, five per hour. A refused request learns when the next one is allowed
// (the "Email Limit Reached" countdown; docs/product-rules.md, "Accounts and sign-in").
export type EmailKind = (typeof emailSends.$inferInsert)["kind"];

export const EMAIL_LIMITS = { minIntervalMs: 60_000, perHour: 5 } as const;
const HOUR_MS = 60 * 60 * 1000;

export type EmailAllowance = { allowed: true } | { allowed: false; retryAt: Date };

/** `executor`: the caller's transaction, when it holds one (never a second connection inside it). */
export async function checkEmailAllowance(
  email: string,
  kind: EmailKind,
  now = new Date(),
  executor: Executor = db,
): Promise<EmailAllowance> {
  const since = new Date(now.getTime() - HOUR_MS);
  const sends = await executor
    .select({ createdAt: emailSends.createdAt })
    .from(emailSends)
    .where(and(eq(emailSends.email, email.toLowerCase()), eq(emailSends.kind, kind), gte(emailSends.createdAt, since)))
    .orderBy(asc(emailSends.createdAt));
  return allowanceAfter(
    sends.map((send) => send.createdAt),
    now,
  );
}

/** The EMAIL_LIMITS verdict over the times (oldest first) of the past hour's sends or attempts. */
export function allowanceAfter(times: Date[], now: Date): EmailAllowance {
  const last = times.at(-1);
  const retryTimes: number[] = [];
  if (last) retryTimes.push(last.getTime() + EMAIL_LIMITS.minIntervalMs);
  if (times.length >= EMAIL_LIMITS.perHour) {
    retryTimes.push(times[times.length - EMAIL_LIMITS.perHour]!.getTime() + HOUR_MS);
  }
  const retryAt = Math.max(0, ...retryTimes);
  return retryAt > now.getTime() ? { allowed: false, retryAt: new Date(retryAt) } : { allowed: true };
}

/** Counts an email against the allowance; pass the transaction that queues it, so that both commit together. */
export async function recordEmailSend(
  email: string,
  kind: EmailKind,
  ipAddress: string | null = null,
  executor: Executor = db,
) {
  await executor.insert(emailSends).values({ email: email.toLowerCase(), kind, ipAddress });
}
