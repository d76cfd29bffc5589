import type { InvoiceDisplayStatus } from "~/features/billing/billing-rules";
import { useT } from "~/i18n/react";

// An invoice's status (due, overdue, paid, void; billing-rules.ts invoiceDisplayStatus decides
// "overdue") as families and admins read it, on the lists and the invoice pages. Its words are the
// billing namespace's `status`, which the PDF and the admins' filter use too.

const STATUS_STYLES: Record<InvoiceDisplayStatus, string> = {
  due: "bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-50",
  overdue: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-50",
  paid: "bg-teal-100 text-teal-950 dark:bg-teal-900/60 dark:text-teal-50",
  void: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

/** The status's word in the reader's language: "Due", "Overdue", "Paid", "Void". */
export function useInvoiceStatusWord(): (status: InvoiceDisplayStatus) => string {
  const { t } = useT("billing");
  return (status) => t(`status.${status}`);
}

export function InvoiceStatusBadge({ status }: { status: InvoiceDisplayStatus }) {
  const statusWord = useInvoiceStatusWord();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLES[status]}`}
    >
      {statusWord(status)}
    </span>
  );
}
