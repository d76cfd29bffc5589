import { desc, eq, inArray, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { invoices } from "~/platform/db/schema";
import { followedOrderIds, orderAccess } from "~/features/family/public.server";
import type { Role } from "~/utils/roles";
import { AppError } from "~/utils/app-error";
import { invoiceDisplayStatus, owedCents, type InvoiceDisplayStatus } from "./billing-rules";
import { creditBalanceCents } from "./credits.server";
import {
  findInvoiceHeader,
  readInvoiceLines,
  readInvoiceMovements,
  selectInvoiceHeaders,
} from "./invoice-reads.server";
import type { VisitLineFigures } from "./invoice-math";
import type { HowToPay } from "./payment-instructions";
import { howToPayFor } from "./payment-instructions.server";
import type { InvoiceForWords, InvoiceLineForWords } from "./invoice-words";

// A family's billing (/dashboard/billing): their invoices, their credit, and one invoice with its
// lines and payments. Each read is scoped to the acting family, and to the people whose family circle
// they manage (docs/decisions/0050-family-circle.md): any other invoice reads as not found. The invoice's PDF (invoice-pdf.server.ts) reads through invoiceForReader, which an
// admin may also use. The reads themselves are invoice-reads.server.ts, shared with the admins' pages.

const INVOICE_NOT_FOUND = { key: "billing:invoice.notFound" } as const;

type Actor = { id: string; roles: readonly Role[] };

export type FamilyInvoiceSummary = {
  invoiceNumber: string;
  orderNumber: string;
  periodStart: string;
  periodEnd: string;
  status: InvoiceDisplayStatus;
  totalCents: number;
  issuedAt: string;
  dueAt: string;
  /** Where the care happens: the due date reads on that clock, as on the invoice. */
  timeZone: string;
  /** The account holder's name when the invoice is another account's, from a circle the reader manages. */
  holderName: string | null;
};

export async function listFamilyInvoices({
  actor,
  now = new Date(),
}: {
  actor: Actor;
  now?: Date;
}): Promise<{ invoices: FamilyInvoiceSummary[]; creditBalanceCents: number }> {
  const client = actorAs(actor, "client");
  // The family's own invoices and those of the circles they manage, by id: each part an index read, and the
  // planner sees a few dozen rows to join (with an "or" it guessed more and hashed every account).
  const own = db.select({ id: invoices.id }).from(invoices).where(eq(invoices.clientId, client.id));
  const managed = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(sql`${invoices.orderId} = any(${followedOrderIds(client.id, ["manage"])})`);
  const rows = await selectInvoiceHeaders()
    .where(inArray(invoices.id, own.unionAll(managed)))
    .orderBy(desc(invoices.issuedAt), desc(invoices.invoiceNumber))
    .limit(500);
  return {
    invoices: rows.map(({ invoice, orderNumber, timeZone, clientName }) => ({
      invoiceNumber: invoice.invoiceNumber,
      orderNumber,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      status: invoiceDisplayStatus(invoice, now),
      totalCents: invoice.totalCents,
      issuedAt: invoice.issuedAt.toISOString(),
      dueAt: invoice.dueAt.toISOString(),
      timeZone,
      holderName: invoice.clientId === client.id ? null : clientName,
    })),
    creditBalanceCents: Math.max(0, await creditBalanceCents(db, client.id)),
  };
}

export type InvoiceLineView = InvoiceLineForWords;

export type InvoiceView = InvoiceForWords & {
  id: string;
  invoiceNumber: string;
  orderNumber: string;
  clientId: string;
  /** The account holder's name (the reader's own, or the holder of a circle they manage). */
  holderName: string;
  status: InvoiceDisplayStatus;
  /** How to pay what is still owed (docs/product-rules.md, "How to pay an invoice"). */
  howToPay: HowToPay;
};

/**
 * One invoice, for its own family or an admin; anyone else (and a number that does not exist)
 * gets not found, with the same words.
 */
export async function invoiceForReader({
  actor,
  invoiceNumber,
  now = new Date(),
}: {
  actor: Actor;
  invoiceNumber: string;
  now?: Date;
}): Promise<InvoiceView> {
  const isAdmin = actor.roles.includes("admin");
  if (!isAdmin) actorAs(actor, "client");
  if (!/^INV-\d{4}-\d{6,}$/.test(invoiceNumber)) throw new AppError("not_found", INVOICE_NOT_FOUND);
  const row = await findInvoiceHeader({ invoiceNumber });
  // A family reads its own invoices and those of the circles it manages.
  const mayRead =
    row &&
    (isAdmin || row.invoice.clientId === actor.id || (await orderAccess(actor, row.invoice.orderId)) === "manage");
  if (!row || !mayRead) throw new AppError("not_found", INVOICE_NOT_FOUND);
  const { invoice } = row;
  const [lines, movements, payBy] = await Promise.all([
    readInvoiceLines(invoice.id),
    readInvoiceMovements(invoice.id),
    howToPayFor({
      invoiceNumber: invoice.invoiceNumber,
      owedCents: owedCents(invoice),
      isVoid: invoice.status === "void",
      byCard: isAdmin || invoice.clientId === actor.id,
    }),
  ]);

  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    orderNumber: row.orderNumber,
    clientId: invoice.clientId,
    holderName: row.clientName,
    timeZone: row.timeZone,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    status: invoiceDisplayStatus(invoice, now),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    platformFeeCents: invoice.platformFeeCents,
    creditCents: invoice.creditCents,
    totalCents: invoice.totalCents,
    amountPaidCents: invoice.amountPaidCents,
    amountRefundedCents: invoice.amountRefundedCents,
    balanceCents: owedCents(invoice),
    issuedAt: invoice.issuedAt.toISOString(),
    dueAt: invoice.dueAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    lines: lines.map(({ kind, amountCents, figures, caregiverName }): InvoiceLineView => {
      if (kind === "visit") return { kind, amountCents, figures: figures as VisitLineFigures, caregiverName };
      return { kind, amountCents, figures };
    }),
    payments: movements.map(({ kind, method, amountCents, createdAt }) => ({
      kind,
      method,
      amountCents,
      createdAt: createdAt.toISOString(),
    })),
    howToPay: payBy,
  };
}

/** One of the family's own invoices (/dashboard/billing/:invoiceNumber). */
export async function getFamilyInvoice({
  actor,
  invoiceNumber,
  now,
}: {
  actor: Actor;
  invoiceNumber: string;
  now?: Date;
}): Promise<InvoiceView> {
  // Only as the family: an admin who is also a client reads their own invoices here.
  const client = actorAs(actor, "client");
  return invoiceForReader({ actor: { id: client.id, roles: ["client"] }, invoiceNumber, now });
}
