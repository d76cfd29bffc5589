import { and, eq } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { onceForKey } from "~/platform/db/idempotency.server";
import { accountCredits, invoices, payments } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import {
  ADMIN_BILLING_MESSAGES,
  PAYMENT_REFERENCE_MAX,
  RECORDED_METHODS,
  afterPayment,
  voidRefusal,
  type RecordedMethod,
} from "./admin-billing-rules";
import {
  adminIdempotency,
  checkAmount,
  checkMethod,
  checkReason,
  lockInvoice,
  moneyText,
  notifyFamilyOfMoney,
  recordBillingAudit,
  type Admin,
} from "./money-actions.server";

// Invoice-later billing (docs/product-rules.md, "Billing and pay"): without a card, an invoice is
// due and an admin records the money when it arrives (bank transfer, check, cash, other). A payment
// is at most what is still owed; the one that completes the total marks the invoice paid. The
// invoice row is locked for the check and the write, so two admins' submits at once cannot pay
// more than the total between them, and the form's idempotency key makes a double click one payment.
// An admin may void a due invoice on which nothing was paid, with a reason; its visits stay on it.

export type RecordedPayment = {
  paymentId: string;
  invoiceNumber: string;
  amountCents: number;
  amountPaidCents: number;
  status: "due" | "paid";
};

/** An admin records money received for an invoice. */
export async function recordPayment({
  actor,
  invoiceNumber,
  amountCents,
  method,
  reference,
  idempotencyKey,
  request,
  now = new Date(),
}: {
  actor: Admin;
  invoiceNumber: string;
  amountCents: number;
  method: RecordedMethod;
  reference?: string | null;
  /** The form's key (docs/decisions/0019-idempotency-keys.md): a repeat records nothing more. */
  idempotencyKey?: string;
  request?: Request;
  now?: Date;
}): Promise<RecordedPayment> {
  const admin = actorAs(actor, "admin");
  checkAmount(amountCents);
  checkMethod(method, RECORDED_METHODS, ADMIN_BILLING_MESSAGES.methodInvalid);
  const note = reference?.trim() || null;
  if (note && note.length > PAYMENT_REFERENCE_MAX) {
    throw new AppError("invalid", ADMIN_BILLING_MESSAGES.referenceTooLong, { field: "reference" });
  }
  const { value } = await onceForKey(adminIdempotency("admin-payment", idempotencyKey, admin), async (tx) => {
    const invoice = await lockInvoice(tx, invoiceNumber);
    const next = afterPayment(invoice, amountCents);
    if (!next.ok) throw new AppError("conflict", next.message, { field: "amount" });
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        kind: "payment",
        method,
        amountCents,
        note,
        recordedBy: admin.id,
        createdAt: now,
      })
      .returning({ id: payments.id });
    const status = next.isPaid ? ("paid" as const) : ("due" as const);
    await tx
      .update(invoices)
      .set({
        amountPaidCents: next.amountPaidCents,
        status,
        paidAt: next.isPaid ? now : null,
        // Paid another way: no card charge is tried any more.
        ...(next.isPaid ? { nextChargeAt: null } : {}),
      })
      .where(eq(invoices.id, invoice.id));
    await recordBillingAudit(tx, {
      type: "billing_payment_recorded",
      adminId: admin.id,
      request,
      invoice,
      metadata: {
        amountCents,
        method,
        reference: note,
        amountPaidCents: next.amountPaidCents,
        totalCents: invoice.totalCents,
        status,
      },
    });
    await notifyFamilyOfMoney(tx, {
      clientId: invoice.clientId,
      key: "paymentRecorded",
      subtype: "payment_processed",
      invoiceNumber: invoice.invoiceNumber,
      params: {
        amount: moneyText(amountCents),
        invoiceNumber: invoice.invoiceNumber,
        owed: moneyText(invoice.totalCents - next.amountPaidCents),
      },
    });
    return {
      paymentId: payment!.id,
      invoiceNumber: invoice.invoiceNumber,
      amountCents,
      amountPaidCents: next.amountPaidCents,
      status,
    };
  });
  return value;
}

/** The given-back credit's reason, in English as stored (worded by admin-billing.server.ts recentCredits' reasonKey). */
export const VOIDED_INVOICE_CREDIT_REASON = "Credit given back from a voided invoice.";

/**
 * An admin voids a due invoice on which nothing was paid, with a reason. The family owes nothing
 * on it; the credit it used is given back to them; its visits stay on it (they are not billed again).
 */
export async function voidInvoice({
  actor,
  invoiceNumber,
  reason,
  request,
}: {
  actor: Admin;
  invoiceNumber: string;
  reason: string;
  request?: Request;
}): Promise<{ invoiceNumber: string; creditReturnedCents: number }> {
  const admin = actorAs(actor, "admin");
  const why = checkReason(reason);
  const { value } = await onceForKey(undefined, async (tx) => {
    const invoice = await lockInvoice(tx, invoiceNumber);
    const refusal = voidRefusal(invoice);
    if (refusal) throw new AppError("conflict", refusal);
    await tx
      .update(invoices)
      .set({ status: "void", nextChargeAt: null })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "due")));
    if (invoice.creditCents > 0) {
      await tx.insert(accountCredits).values({
        clientId: invoice.clientId,
        amountCents: invoice.creditCents,
        source: "admin",
        reason: VOIDED_INVOICE_CREDIT_REASON,
        createdBy: admin.id,
      });
    }
    await recordBillingAudit(tx, {
      type: "billing_invoice_voided",
      adminId: admin.id,
      request,
      invoice,
      metadata: {
        totalCents: invoice.totalCents,
        creditReturnedCents: invoice.creditCents,
        reason: why,
      },
    });
    return { invoiceNumber: invoice.invoiceNumber, creditReturnedCents: invoice.creditCents };
  });
  return value;
}
