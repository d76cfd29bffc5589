import { accountLocale } from "~/platform/auth/account-locale.server";
import { queueNotification } from "~/features/notifications/public.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { formatMoney } from "~/utils/money";
import type { NotificationSubtype } from "~/utils/notifications";
import type { Executor } from "~/platform/db/client.server";

// What a family is told about a card payment (in-app type "payment", in their language; the
// texts are in the payments namespace, under `notify`). Queued in the transaction of the change.

type InvoiceFacts = { clientId: string; invoiceNumber: string };

/**
 * One notice about a card payment of `amountCents` on the invoice, linking to it; one that asks the
 * family to act is urgent.
 */
async function notifyOfCard(
  tx: Executor,
  invoice: InvoiceFacts,
  amountCents: number,
  notice: {
    subtype: NotificationSubtype;
    key: string;
    params?: Record<string, string | number>;
    requiresAction?: boolean;
  },
) {
  const locale = (await accountLocale(invoice.clientId)) ?? DEFAULT_LOCALE;
  await queueNotification(tx, {
    userId: invoice.clientId,
    type: "payment",
    subtype: notice.subtype,
    key: notice.key,
    params: { invoiceNumber: invoice.invoiceNumber, amount: formatMoney(amountCents, locale), ...notice.params },
    actionUrl: `/dashboard/billing/${encodeURIComponent(invoice.invoiceNumber)}`,
    ...(notice.requiresAction ? { priority: "urgent" as const, metadata: { requiresAction: true } } : {}),
  });
}

export async function notifyCardPaid(tx: Executor, invoice: InvoiceFacts, amountCents: number) {
  await notifyOfCard(tx, invoice, amountCents, { subtype: "payment_processed", key: "payments:notify.paid" });
}

/** The bank asks the family to confirm (3-D Secure): only they can, on the invoice page. */
export async function notifyConfirmationNeeded(tx: Executor, invoice: InvoiceFacts, amountCents: number) {
  await notifyOfCard(tx, invoice, amountCents, {
    subtype: "payment_due",
    key: "payments:notify.confirm",
    requiresAction: true,
  });
}

/** A charge failed: when it is tried again, or that every retry is spent. */
export async function notifyChargeFailed(
  tx: Executor,
  invoice: InvoiceFacts,
  amountCents: number,
  retryInDays: number | null,
) {
  await notifyOfCard(tx, invoice, amountCents, {
    subtype: "payment_overdue",
    key: retryInDays === null ? "payments:notify.failedFinal" : "payments:notify.failed",
    params: retryInDays === null ? {} : { count: retryInDays },
    requiresAction: true,
  });
}
