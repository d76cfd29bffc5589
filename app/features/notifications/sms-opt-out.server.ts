import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { recordAuditEventIn } from "~/platform/auth/security-events.server";
import { db } from "~/platform/db/client.server";
import { smsPhones } from "~/platform/db/schema";
import { smsKeyword } from "~/platform/sms/keywords";

// STOP and START (docs/decisions/0049-text-messages.md): a number that replied STOP (or that the
// provider says is unsubscribed, error 21610) gets no more texts from us, whoever's phone it is,
// until it replies START. Each change is audited on every account the number belongs to.

/** Marks the number opted out; answers how many phones changed. */
export async function markOptedOut(phone: string, at: Date, via: "reply" | "provider" = "provider") {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(smsPhones)
      .set({ optedOutAt: at, updatedAt: sql`now()` })
      .where(and(eq(smsPhones.phone, phone), isNull(smsPhones.optedOutAt)))
      .returning({ userId: smsPhones.userId });
    for (const { userId } of changed)
      await recordAuditEventIn(tx, { type: "sms_opted_out", userId, category: "account", metadata: { via } });
    return changed.length;
  });
}

/** Opts the number back in (it replied START); answers how many phones changed. */
export async function markOptedIn(phone: string) {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(smsPhones)
      .set({ optedOutAt: null, updatedAt: sql`now()` })
      .where(and(eq(smsPhones.phone, phone), isNotNull(smsPhones.optedOutAt)))
      .returning({ userId: smsPhones.userId });
    for (const { userId } of changed)
      await recordAuditEventIn(tx, { type: "sms_opted_in", userId, category: "account", metadata: { via: "reply" } });
    return changed.length;
  });
}

/** A text a person sent us: STOP or START words change their number's state; anything else is ignored. */
export async function handleInboundSms(message: { from: string; body: string }, now = new Date()) {
  const keyword = smsKeyword(message.body);
  if (keyword === "stop") await markOptedOut(message.from, now, "reply");
  if (keyword === "start") await markOptedIn(message.from);
  return keyword;
}
