import { and, desc, eq } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db, type Executor } from "~/platform/db/client.server";
import { auditEvents, paymentInstructions, userProfiles } from "~/platform/db/schema";
import { stripePublishableKey } from "~/features/payments/public.server";
import { getEnv } from "~/utils/env.server";
import type { Role } from "~/utils/roles";
import { recordBillingAudit } from "./money-actions.server";
import { howToPay, type HowToPay, type PaymentInstructions } from "./payment-instructions";
import { PAYMENT_INSTRUCTION_FIELDS } from "./payment-instructions.schema";

// The payment instructions (docs/product-rules.md, "How to pay an invoice"): one row an admin saves
// on /admin/billing, read by every invoice that is still owed (its page and PDF) and by the card
// page. Each save is audited with who, when and which fields changed (category 'billing').

type Actor = { id: string; roles: readonly Role[] };

/** The instructions in force, or null until an admin saves them. */
export async function getPaymentInstructions(executor: Executor = db): Promise<PaymentInstructions | null> {
  const [row] = await executor.select().from(paymentInstructions).where(eq(paymentInstructions.id, 1));
  if (!row) return null;
  const { id: _id, updatedBy: _by, updatedAt: _at, ...instructions } = row;
  return instructions;
}

/** What an invoice's reader is told about paying it (payment-instructions.ts HowToPay). */
export async function howToPayFor(
  /** `byCard` false: the reader cannot pay this invoice by card (a manage member: the card is the holder's). */
  invoice: { invoiceNumber: string; owedCents: number; isVoid: boolean; byCard?: boolean },
  executor: Executor = db,
): Promise<HowToPay> {
  if (invoice.isVoid || invoice.owedCents <= 0) return { kind: "settled" };
  return howToPay({
    owedCents: invoice.owedCents,
    isVoid: invoice.isVoid,
    instructions: await getPaymentInstructions(executor),
    hasCardPayments: invoice.byCard !== false && stripePublishableKey() !== null,
    supportEmail: getEnv().SUPPORT_EMAIL,
    reference: invoice.invoiceNumber,
  });
}

/** One save of the instructions, as the audit log has it. */
export type InstructionsChange = { at: Date; byName: string | null; changed: string[] };

/** How many past saves the admin page lists. */
export const INSTRUCTION_HISTORY_SHOWN = 5;

/** For /admin/billing: the instructions (null: never saved), and the latest saves, newest first. */
export async function getPaymentInstructionsForAdmin({ actor }: { actor: Actor }): Promise<{
  instructions: PaymentInstructions | null;
  history: InstructionsChange[];
}> {
  actorAs(actor, "admin");
  const [instructions, rows] = await Promise.all([
    getPaymentInstructions(),
    db
      .select({ at: auditEvents.createdAt, byName: userProfiles.name, metadata: auditEvents.metadata })
      .from(auditEvents)
      .leftJoin(userProfiles, eq(userProfiles.id, auditEvents.userId))
      .where(and(eq(auditEvents.category, "billing"), eq(auditEvents.eventType, "billing_payment_instructions_saved")))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(INSTRUCTION_HISTORY_SHOWN),
  ]);
  return {
    instructions,
    history: rows.map((row) => ({
      at: row.at,
      byName: row.byName,
      changed: Array.isArray(row.metadata.changed) ? row.metadata.changed.map(String) : [],
    })),
  };
}

/**
 * An admin saves the instructions (parsed with PaymentInstructionsSchema): the one row created or
 * replaced, with who saved it, and an audit row naming the fields that changed and what they were
 * before, in the same transaction. Saving the same text again changes nothing and writes nothing.
 */
export async function savePaymentInstructions({
  actor,
  values,
  request,
}: {
  actor: Actor;
  values: PaymentInstructions;
  request?: Request;
}): Promise<{ changed: string[] }> {
  const admin = actorAs(actor, "admin");
  return db.transaction(async (tx) => {
    // One save at a time: the audit's "before" is the row this save replaces.
    const [current] = await tx.select().from(paymentInstructions).where(eq(paymentInstructions.id, 1)).for("update");
    const changed = PAYMENT_INSTRUCTION_FIELDS.filter((field) => (current?.[field] ?? "") !== values[field]);
    if (current && changed.length === 0) return { changed: [] };
    const row = { ...values, updatedBy: admin.id, updatedAt: new Date() };
    await tx
      .insert(paymentInstructions)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: paymentInstructions.id, set: row });
    await recordBillingAudit(tx, {
      type: "billing_payment_instructions_saved",
      adminId: admin.id,
      request,
      metadata: {
        changed,
        previous: current ? Object.fromEntries(changed.map((field) => [field, current[field]])) : null,
      },
    });
    return { changed };
  });
}
