import { and, count, desc, eq, gte, ilike, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { countRows, orderByList, pageOfRows } from "~/platform/db/list-page.server";
import type { SortDirection } from "~/utils/list-params";
import { accountCredits, invoices, orders, userProfiles } from "~/platform/db/schema";
import type { InvoiceLineKind, InvoiceStatus, PaymentMethod } from "~/platform/db/schema";
import { likePattern } from "~/features/orders/public";
import type { MessageKey } from "~/i18n/message-keys";
import { AppError } from "~/utils/app-error";
import {
  ADMIN_BILLING_MESSAGES,
  cardRefundableCents,
  refundableCents,
  voidRefusal,
  type AdminInvoiceFilter,
  type AdminInvoiceSort,
} from "./admin-billing-rules";
import { invoiceDisplayStatus, owedCents, type InvoiceDisplayStatus } from "./billing-rules";
import { creditBalanceCents, LATE_CANCELLATION_CREDIT_REASON } from "./credits.server";
import { VOIDED_INVOICE_CREDIT_REASON } from "./record-payment.server";
import {
  findInvoiceHeader,
  readInvoiceLines,
  readInvoiceMovements,
  selectInvoiceHeaders,
  type InvoiceHeader,
} from "./invoice-reads.server";
import type { Admin } from "./money-actions.server";

// What admins read of billing (docs/product-rules.md, "Billing and pay"): the invoices, filtered
// and paged, and one invoice with its lines, its payments and refunds and the family's credit.
// The actions are record-payment.server.ts, refunds.server.ts and credits.server.ts.

export const ADMIN_INVOICES_PAGE_SIZE = 25;

export type AdminInvoiceRow = {
  id: string;
  invoiceNumber: string;
  orderNumber: string;
  clientName: string;
  clientEmail: string;
  /** Where the care happens: the invoice's dates read on that clock, as on the family's invoice. */
  timeZone: string;
  status: InvoiceDisplayStatus;
  periodStart: string;
  periodEnd: string;
  issuedAt: Date;
  dueAt: Date;
  totalCents: number;
  amountPaidCents: number;
  amountRefundedCents: number;
  owedCents: number;
};

export type AdminInvoiceList = {
  invoices: AdminInvoiceRow[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

/** The list's filter in SQL: overdue and due split as billing-rules.ts invoiceDisplayStatus decides. */
function statusCondition(filter: AdminInvoiceFilter, now: Date): SQL {
  if (filter === "overdue") return and(eq(invoices.status, "due"), lt(invoices.dueAt, now))!;
  if (filter === "due") return and(eq(invoices.status, "due"), gte(invoices.dueAt, now))!;
  return eq(invoices.status, filter);
}

/** Unpaid invoices whose latest card charge failed: the list's `payment=failed` filter and the admin home's count. */
const failedChargeCondition = () => and(eq(invoices.status, "due"), isNotNull(invoices.lastChargeError))!;

/** How many unpaid invoices wait after a failed card charge. As a scalar subquery: the admin home reads it with its other counts in one statement. */
export function countFailedCharges({ actor }: { actor: Admin }): SQL {
  actorAs(actor, "admin");
  return sql`(${db.select({ total: count() }).from(invoices).where(failedChargeCondition())})`;
}

/** The invoices, newest first: by status (due, overdue, paid, void) and a search of invoice number, order number or the family's email. */
export async function listAdminInvoices({
  actor,
  filters = {},
  now = new Date(),
}: {
  actor: Admin;
  filters?: {
    status?: AdminInvoiceFilter;
    search?: string;
    page?: number;
    perPage?: number;
    sort?: AdminInvoiceSort;
    dir?: SortDirection;
    chargeFailed?: boolean;
  };
  now?: Date;
}): Promise<AdminInvoiceList> {
  actorAs(actor, "admin");
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(statusCondition(filters.status, now));
  if (filters.chargeFailed) conditions.push(failedChargeCondition());
  const search = filters.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(invoices.invoiceNumber, pattern),
        ilike(orders.orderNumber, pattern),
        ilike(userProfiles.email, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const sortColumn =
    filters.sort === "number"
      ? invoices.invoiceNumber
      : filters.sort === "due"
        ? invoices.dueAt
        : filters.sort === "total"
          ? invoices.totalCents
          : invoices.issuedAt;
  const list = selectInvoiceHeaders().where(where);
  const { rows, total, page, perPage, pageCount } = await pageOfRows({
    page: filters.page ?? 1,
    perPage: filters.perPage ?? ADMIN_INVOICES_PAGE_SIZE,
    count: () => countRows(list),
    rows: (limit, offset) =>
      list
        .orderBy(...orderByList(sortColumn, filters.dir ?? "desc", invoices.invoiceNumber))
        .limit(limit)
        .offset(offset),
  });
  return {
    total,
    page,
    perPage,
    pageCount,
    invoices: rows.map((row) => adminInvoiceRow(row, now)),
  };
}

/** The part of an invoice the list and the invoice page both show. */
function adminInvoiceRow({ invoice, ...row }: InvoiceHeader, now: Date): AdminInvoiceRow {
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    orderNumber: row.orderNumber,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    timeZone: row.timeZone,
    status: invoiceDisplayStatus(invoice, now),
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    issuedAt: invoice.issuedAt,
    dueAt: invoice.dueAt,
    totalCents: invoice.totalCents,
    amountPaidCents: invoice.amountPaidCents,
    amountRefundedCents: invoice.amountRefundedCents,
    owedCents: owedCents(invoice),
  };
}

export type AdminInvoiceDetail = AdminInvoiceRow & {
  orderId: string;
  clientId: string;
  paidAt: Date | null;
  subtotalCents: number;
  discountCents: number;
  platformFeeCents: number;
  creditCents: number;
  refundableCents: number;
  cardRefundableCents: number;
  lastChargeError: string | null;
  creditBalanceCents: number;
  lines: { position: number; kind: InvoiceLineKind; amountCents: number; visitStartsAt: Date | null }[];
  movements: {
    id: string;
    kind: "payment" | "refund";
    method: PaymentMethod;
    amountCents: number;
    note: string | null;
    stripeId: string | null;
    recordedBy: string | null;
    createdAt: Date;
  }[];
  canRecordPayment: boolean;
  canRefund: boolean;
  canVoid: boolean;
};

/** One invoice by its number, with everything the admin's page shows; "not found" when there is none. */
export async function getAdminInvoice({
  actor,
  invoiceNumber,
  now = new Date(),
}: {
  actor: Admin;
  invoiceNumber: string;
  now?: Date;
}): Promise<AdminInvoiceDetail> {
  actorAs(actor, "admin");
  const row = await findInvoiceHeader({ invoiceNumber: invoiceNumber.trim().toUpperCase() });
  if (!row) throw new AppError("not_found", ADMIN_BILLING_MESSAGES.invoiceNotFound);
  const { invoice } = row;
  const [lines, movements] = await Promise.all([readInvoiceLines(invoice.id), readInvoiceMovements(invoice.id)]);
  const refundable = refundableCents(invoice);
  return {
    ...adminInvoiceRow(row, now),
    orderId: invoice.orderId,
    clientId: invoice.clientId,
    paidAt: invoice.paidAt,
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    platformFeeCents: invoice.platformFeeCents,
    creditCents: invoice.creditCents,
    refundableCents: refundable,
    cardRefundableCents: Math.min(refundable, cardRefundableCents(movements)),
    lastChargeError: invoice.lastChargeError,
    creditBalanceCents: await creditBalanceCents(db, invoice.clientId),
    lines: lines.map(({ position, kind, amountCents, visitStartsAt }) => ({
      position,
      kind,
      amountCents,
      visitStartsAt,
    })),
    movements,
    canRecordPayment: owedCents(invoice) > 0,
    canRefund: refundable > 0,
    canVoid: voidRefusal(invoice) === null,
  };
}

/** The reasons Tendly writes into the ledger itself (stored in English), by the key that words them. */
const OWN_CREDIT_REASONS = new Map<string, MessageKey>([
  [LATE_CANCELLATION_CREDIT_REASON, "admin-billing:credits.lateCancellationReason"],
  [VOIDED_INVOICE_CREDIT_REASON, "admin-billing:credits.voidedInvoice"],
]);

/**
 * The family's ledger rows, newest first (the invoice page shows the latest few). `reasonKey` words a
 * reason Tendly wrote itself; an admin's reason has none and is shown as they wrote it.
 */
export async function recentCredits(clientId: string, limit = 10) {
  const rows = await db
    .select({
      id: accountCredits.id,
      amountCents: accountCredits.amountCents,
      source: accountCredits.source,
      reason: accountCredits.reason,
      createdAt: accountCredits.createdAt,
    })
    .from(accountCredits)
    .where(eq(accountCredits.clientId, clientId))
    .orderBy(desc(accountCredits.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, reasonKey: OWN_CREDIT_REASONS.get(row.reason) }));
}

export type { InvoiceStatus };
