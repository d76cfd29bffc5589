import { eq, sql, sum } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { accountCredits, userProfiles } from "~/platform/db/schema";
import type { Executor } from "~/platform/db/client.server";
import { onceForKey } from "~/platform/db/idempotency.server";
import { AppError } from "~/utils/app-error";
import { ADMIN_BILLING_MESSAGES } from "./admin-billing-rules";
import { LATE_CANCELLATION_CREDIT_CENTS } from "./billing-rules";
import {
  adminIdempotency,
  checkAmount,
  checkReason,
  moneyText,
  notifyFamilyOfMoney,
  recordBillingAudit,
  type Admin,
} from "./money-actions.server";

// A family's credit (docs/product-rules.md, "Billing and pay"): the sum of their ledger rows,
// positive when given, negative when used on an invoice. Credit is given by an admin, with a
// reason (audited), or automatically when their caregiver cancels a visit late: once per visit
// (a unique index on the late-cancellation rows' visit).

export async function creditBalanceCents(reader: Executor, clientId: string): Promise<number> {
  const [row] = await reader
    .select({ balance: sum(accountCredits.amountCents).mapWith(Number) })
    .from(accountCredits)
    .where(eq(accountCredits.clientId, clientId));
  return row?.balance ?? 0;
}

/** An admin gives a family credit, with a reason; `invoiceNumber` names the page it was given from. */
export async function giveCredit({
  actor,
  clientId,
  amountCents,
  reason,
  invoiceNumber,
  idempotencyKey,
  request,
}: {
  actor: Admin;
  clientId: string;
  amountCents: number;
  reason: string;
  invoiceNumber?: string;
  idempotencyKey?: string;
  request?: Request;
}): Promise<{ creditId: string; amountCents: number; balanceCents: number }> {
  const admin = actorAs(actor, "admin");
  checkAmount(amountCents);
  const why = checkReason(reason);
  const { value } = await onceForKey(adminIdempotency("admin-credit", idempotencyKey, admin), async (tx) => {
    const [client] = await tx
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.id, clientId))
      .for("update");
    if (!client) throw new AppError("not_found", ADMIN_BILLING_MESSAGES.clientNotFound);
    const [credit] = await tx
      .insert(accountCredits)
      .values({ clientId, amountCents, source: "admin", reason: why, createdBy: admin.id })
      .returning({ id: accountCredits.id });
    const balanceCents = await creditBalanceCents(tx, clientId);
    await recordBillingAudit(tx, {
      type: "billing_credit_given",
      adminId: admin.id,
      request,
      metadata: {
        creditId: credit!.id,
        clientId,
        amountCents,
        balanceCents,
        invoiceNumber: invoiceNumber ?? null,
        reason: why,
      },
    });
    await notifyFamilyOfMoney(tx, {
      clientId,
      key: "creditGiven",
      params: { amount: moneyText(amountCents), balance: moneyText(balanceCents), reason: why },
    });
    return { creditId: credit!.id, amountCents, balanceCents };
  });
  return value;
}

/** The ledger row's reason, in English as stored (worded by admin-billing.server.ts recentCredits' reasonKey). */
export const LATE_CANCELLATION_CREDIT_REASON = "Your caregiver cancelled a visit late.";

/**
 * Their caregiver cancelled a visit late: the family is credited LATE_CANCELLATION_CREDIT_CENTS, once
 * per visit, and told. Called in the cancellation's transaction (features/visits/cancel-visit.server.ts).
 */
export async function creditLateCancellation(
  tx: Executor,
  {
    clientId,
    visit,
    orderNumber,
    timeZone,
  }: { clientId: string; visit: { id: string; startsAt: Date }; orderNumber: string; timeZone: string },
): Promise<boolean> {
  const visitId = visit.id;
  const inserted = await tx
    .insert(accountCredits)
    .values({
      clientId,
      amountCents: LATE_CANCELLATION_CREDIT_CENTS,
      source: "late_cancellation",
      reason: LATE_CANCELLATION_CREDIT_REASON,
      visitId,
    })
    .onConflictDoNothing({
      target: accountCredits.visitId,
      where: sql`${accountCredits.source} = 'late_cancellation'`,
    })
    .returning({ id: accountCredits.id });
  if (inserted.length === 0) return false;
  await notifyFamilyOfMoney(tx, {
    clientId,
    key: "lateCancellationCredit",
    params: { amount: moneyText(LATE_CANCELLATION_CREDIT_CENTS), orderNumber },
    times: { when: { at: visit.startsAt.toISOString(), timeZone } },
  });
  return true;
}
