import { eq } from "drizzle-orm";
import { requestOrigin } from "~/platform/auth/security-events.server";
import type { CurrentUser } from "~/platform/auth/session.server";
import type { Tx, Executor } from "~/platform/db/client.server";
import { auditEvents, invoices } from "~/platform/db/schema";
import { queueNotification } from "~/features/notifications/public.server";
import { formatMoney } from "~/utils/money";
import { AppError } from "~/utils/app-error";
import type { NotificationSubtype } from "~/utils/notifications";
import type { MessageKey } from "~/i18n/message-keys";
import { ADMIN_BILLING_MESSAGES, MAX_ADMIN_AMOUNT_CENTS } from "./admin-billing-rules";
import { MONEY_REASON_MAX } from "./billing-rules";

// What every admin money action shares (docs/product-rules.md, "Billing and pay"): the checks of an
// amount and a reason, the invoice's row lock, the audit row written in the transaction of the
// change, and the family's notification queued in it.

export type Admin = Pick<CurrentUser, "id" | "roles">;
export function checkAmount(amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new AppError("invalid", ADMIN_BILLING_MESSAGES.amountInvalid, { field: "amount" });
  }
  if (amountCents > MAX_ADMIN_AMOUNT_CENTS) {
    throw new AppError("invalid", ADMIN_BILLING_MESSAGES.amountTooLarge, { field: "amount" });
  }
}

export function checkReason(reason: string): string {
  const why = reason.trim();
  if (!why) throw new AppError("invalid", ADMIN_BILLING_MESSAGES.reasonRequired, { field: "reason" });
  if (why.length > MONEY_REASON_MAX) {
    throw new AppError("invalid", ADMIN_BILLING_MESSAGES.reasonTooLong, { field: "reason" });
  }
  return why;
}

/** The method, when it is one the action takes; the form's refusal on the method field otherwise. */
export function checkMethod<M extends string>(method: string, methods: readonly M[], refusal: MessageKey): M {
  if (!(methods as readonly string[]).includes(method)) throw new AppError("invalid", refusal, { field: "method" });
  return method as M;
}

/** The form's idempotency key (docs/decisions/0019-idempotency-keys.md) as onceForKey takes it: one per admin. */
export function adminIdempotency(
  scope: "admin-payment" | "admin-refund" | "admin-credit",
  key: string | undefined,
  admin: { id: string },
) {
  return key ? { scope, key, owner: admin.id } : undefined;
}

/** The invoice row, locked for the rest of the transaction (two admins' submits wait on each other). */
export async function lockInvoice(tx: Tx, invoiceNumber: string) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.invoiceNumber, invoiceNumber.trim().toUpperCase()))
    .for("update");
  if (!invoice) throw new AppError("not_found", ADMIN_BILLING_MESSAGES.invoiceNotFound);
  return invoice;
}

export type LockedInvoice = Awaited<ReturnType<typeof lockInvoice>>;

export const BILLING_AUDIT_TYPES = [
  "billing_payment_recorded",
  "billing_refund_issued",
  "billing_credit_given",
  "billing_invoice_voided",
  "billing_payment_instructions_saved",
] as const;
export type BillingAuditType = (typeof BILLING_AUDIT_TYPES)[number];

/**
 * An admin's money action in the audit log (audit_events, category 'billing'), written in the
 * transaction of the change: the action and its record commit together or not at all.
 */
export async function recordBillingAudit(
  tx: Executor,
  event: {
    type: BillingAuditType;
    adminId: string;
    request?: Request;
    /** The invoice acted on: its id, number and family lead the metadata. */
    invoice?: Pick<LockedInvoice, "id" | "invoiceNumber" | "clientId">;
    metadata: Record<string, unknown>;
  },
): Promise<void> {
  const origin = event.request ? requestOrigin(event.request) : undefined;
  const invoice = event.invoice
    ? { invoiceId: event.invoice.id, invoiceNumber: event.invoice.invoiceNumber, clientId: event.invoice.clientId }
    : {};
  await tx.insert(auditEvents).values({
    userId: event.adminId,
    eventType: event.type,
    severity: event.type === "billing_refund_issued" ? "medium" : "info",
    category: "billing",
    ipAddress: origin?.ipAddress ?? null,
    userAgent: origin?.userAgent ?? null,
    metadata: { ...(origin ? { url: origin.path } : {}), ...invoice, ...event.metadata },
  });
}

/**
 * Tells the family about money on their account (in-app notification of type 'payment', in their
 * language: the text is admin-billing.notify.<key>), queued in the transaction of the change.
 */
export async function notifyFamilyOfMoney(
  tx: Executor,
  notice: {
    clientId: string;
    key: "paymentRecorded" | "refundIssued" | "creditGiven" | "lateCancellationCredit";
    subtype?: NotificationSubtype;
    params: Record<string, string | number>;
    /** Instants written in the family's language (notify.server.ts `times`). */
    times?: Record<string, { at: string; timeZone: string }>;
    invoiceNumber?: string;
  },
): Promise<void> {
  await queueNotification(tx, {
    userId: notice.clientId,
    type: "payment",
    subtype: notice.subtype,
    key: `admin-billing:notify.${notice.key}`,
    params: notice.params,
    times: notice.times ?? {},
    actionUrl: notice.invoiceNumber ? `/dashboard/billing/${notice.invoiceNumber}` : "/dashboard/billing",
  });
}

/** Amounts in the family's notifications: "$25.00" reads the same in English and Spanish (i18n/format.ts). */
export const moneyText = (cents: number) => formatMoney(cents, "en");
