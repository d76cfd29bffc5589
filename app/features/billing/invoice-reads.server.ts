import { and, asc, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import {
  caregiverProfiles,
  careRequests,
  invoiceLines,
  invoices,
  orders,
  payments,
  userProfiles,
  visits,
} from "~/platform/db/schema";
import { shortName } from "~/utils/person-name";

// The reads of an invoice that the family's pages (family-billing.server.ts), the admins' pages
// (admin-billing.server.ts) and the refunds (refunds.server.ts) share: its header (the invoice row,
// its order's number, the clock where care happens and the family), its lines and its payments and
// refunds. Whoever calls them authorizes first and scopes the read: a family's read passes its
// own id as `clientId`, so another family's invoice is not found.

const headerColumns = {
  invoice: invoices,
  orderNumber: orders.orderNumber,
  /** Where the care happens: the invoice's dates read on that clock. */
  timeZone: careRequests.timeZone,
  clientName: userProfiles.name,
  clientEmail: userProfiles.email,
};

/** Invoices with their headers, to be filtered, ordered and paged by the caller. */
export function selectInvoiceHeaders() {
  return db
    .select(headerColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .innerJoin(userProfiles, eq(userProfiles.id, invoices.clientId));
}

export type InvoiceHeader = Awaited<ReturnType<typeof selectInvoiceHeaders>>[number];

/** One invoice's header by its exact number; with `clientId`, only when it is that family's. */
export async function findInvoiceHeader({
  invoiceNumber,
  clientId,
}: {
  invoiceNumber: string;
  clientId?: string;
}): Promise<InvoiceHeader | null> {
  const [row] = await selectInvoiceHeaders().where(
    and(
      eq(invoices.invoiceNumber, invoiceNumber),
      clientId === undefined ? undefined : eq(invoices.clientId, clientId),
    ),
  );
  return row ?? null;
}

/** An invoice's lines in their order, each visit's start and its caregiver's short name. */
export async function readInvoiceLines(invoiceId: string) {
  const lines = await db
    .select({
      position: invoiceLines.position,
      kind: invoiceLines.kind,
      amountCents: invoiceLines.amountCents,
      figures: invoiceLines.figures,
      visitStartsAt: visits.startsAt,
      caregiverId: visits.caregiverId,
    })
    .from(invoiceLines)
    .leftJoin(visits, eq(visits.id, invoiceLines.visitId))
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
  const caregiverIds = [...new Set(lines.flatMap((line) => (line.caregiverId ? [line.caregiverId] : [])))];
  const profiles = caregiverIds.length
    ? await db
        .select({
          id: caregiverProfiles.userId,
          firstName: caregiverProfiles.firstName,
          lastName: caregiverProfiles.lastName,
        })
        .from(caregiverProfiles)
        .where(inArray(caregiverProfiles.userId, caregiverIds))
    : [];
  const names = new Map(profiles.map((profile) => [profile.id, shortName(profile.firstName, profile.lastName)]));
  return lines.map(({ caregiverId, ...line }) => ({
    ...line,
    caregiverName: caregiverId ? (names.get(caregiverId) ?? null) : null,
  }));
}

/**
 * An invoice's payments and refunds, oldest first, with the admin who recorded each. `reader` is a
 * transaction when the caller holds the invoice's lock (a refund checks what the cards still hold).
 */
export async function readInvoiceMovements(invoiceId: string, reader: Executor = db) {
  const recorder = userProfiles;
  return reader
    .select({
      id: payments.id,
      kind: payments.kind,
      method: payments.method,
      amountCents: payments.amountCents,
      note: payments.note,
      stripeId: payments.stripeId,
      recordedBy: recorder.name,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}
