import { addDays } from "date-fns/addDays";
import { lockUntilCommit } from "~/platform/db/advisory-lock.server";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "~/platform/db/client.server";
import {
  accountCredits,
  caregiverEarnings,
  careRequests,
  careSettings,
  invoiceLines,
  invoices,
  orders,
  visitEvents,
  visits,
} from "~/platform/db/schema";
import { queueNotification } from "~/features/notifications/public.server";
import { lockOrder } from "~/features/orders/public.server";
import { pgErrorCode } from "~/platform/db/pg-errors";
import { formatMoney } from "~/utils/money";
import { localDateIn } from "~/utils/datetime";
import { publish } from "~/platform/events/domain-events.server";
import { INVOICE_DUE_DAYS } from "./billing-rules";
import { creditBalanceCents } from "./credits.server";
import { DEFAULT_VISIT_CHARGE_SETTINGS, type VisitChargeSettings } from "./visit-charge";
import {
  buildInvoice,
  quoteSnapshotOf,
  weekOf,
  weekOverAt,
  type BillableVisit,
  type QuoteSnapshot,
} from "./invoice-math";

// Invoices from completed visits (docs/product-rules.md, "Billing and pay"; docs/decisions/0022-billing.md).
// One-time care: an invoice as soon as its visit is completed. Recurring care: one per order and
// week (Monday to Sunday where care happens) once the week is over; a visit completed after its
// week was invoiced is found on a later run and goes on an invoice of its own. Each invoice is one
// transaction with its lines, the credit it used and the caregivers' earnings. Runs may overlap
// (the periodic job and the one queued at a check-out): each invoice is written under its order's
// row lock after reading again which visits are still unbilled, and the unique index on the lines'
// visit is the last guard.

export type IssuedInvoice = {
  invoiceId: string;
  invoiceNumber: string;
  orderId: string;
  clientId: string;
  totalCents: number;
  visitIds: string[];
};

type Candidate = {
  visitId: string;
  orderId: string;
  startsAt: Date;
  timeZone: string;
  quote: Record<string, unknown>;
};

type Group = { orderId: string; visitIds: string[] };

/** Completed visits on no invoice yet, of one order or all. */
async function unbilledVisits(orderId?: string): Promise<Candidate[]> {
  return db
    .select({
      visitId: visits.id,
      orderId: visits.orderId,
      startsAt: visits.startsAt,
      timeZone: careRequests.timeZone,
      quote: orders.quote,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(
      and(
        eq(visits.status, "completed"),
        orderId ? eq(visits.orderId, orderId) : undefined,
        sql`not exists (select 1 from ${invoiceLines} where ${invoiceLines.visitId} = ${visits.id})`,
      ),
    )
    .orderBy(visits.orderId, visits.startsAt);
}

/** The invoices due now: one-time orders at once, recurring orders per week once it is over. */
export function groupsDue(candidates: readonly Candidate[], now: Date): Group[] {
  const groups = new Map<string, Group>();
  // Said once per order and run, however many of its visits wait.
  const unpriced = new Set<string>();
  for (const candidate of candidates) {
    let snapshot: QuoteSnapshot;
    try {
      snapshot = quoteSnapshotOf(candidate.quote);
    } catch {
      if (!unpriced.has(candidate.orderId)) {
        unpriced.add(candidate.orderId);
        console.error(`billing: order ${candidate.orderId} has no pricing snapshot in its quote; not invoiced`);
      }
      continue;
    }
    let key = candidate.orderId;
    if (snapshot.scheduleType === "recurring") {
      const week = weekOf(localDateIn(candidate.timeZone, candidate.startsAt)).start;
      if (now < weekOverAt(week, candidate.timeZone)) continue;
      key = `${candidate.orderId}:${week}`;
    }
    const group = groups.get(key) ?? { orderId: candidate.orderId, visitIds: [] };
    group.visitIds.push(candidate.visitId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Issues every invoice due now (or only the given order's). Returns the invoices written; a group
 * another run billed first is skipped.
 */
export async function issueInvoices({ now = new Date(), orderId }: { now?: Date; orderId?: string } = {}): Promise<
  IssuedInvoice[]
> {
  const issued: IssuedInvoice[] = [];
  for (const group of groupsDue(await unbilledVisits(orderId), now)) {
    try {
      const invoice = await db.transaction((tx) => issueInvoice(tx, group, now));
      if (invoice) issued.push(invoice);
    } catch (error) {
      // Another run billed one of these visits between our read and our insert.
      if (pgErrorCode(error) === "23505") continue;
      throw error;
    }
  }
  return issued;
}

async function issueInvoice(tx: Tx, group: Group, now: Date): Promise<IssuedInvoice | null> {
  // The order's lock serializes runs billing this order (and its first-invoice discount).
  const order = await lockOrder(tx, group.orderId);
  // The family's credit is shared by their orders: one invoice at a time uses it.
  await lockUntilCommit(tx, `billing-credit:${order.clientId}`);

  const rows = await tx
    .select({
      visitId: visits.id,
      caregiverId: visits.caregiverId,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      checkedInAt: visits.checkedInAt,
      checkedOutAt: visits.checkedOutAt,
    })
    .from(visits)
    .where(
      and(
        inArray(visits.id, group.visitIds),
        eq(visits.orderId, order.id),
        eq(visits.status, "completed"),
        sql`not exists (select 1 from ${invoiceLines} where ${invoiceLines.visitId} = ${visits.id})`,
      ),
    );
  if (rows.length === 0) return null;

  const edited = await tx
    .selectDistinct({ visitId: visitEvents.visitId })
    .from(visitEvents)
    .where(
      and(
        inArray(
          visitEvents.visitId,
          rows.map((row) => row.visitId),
        ),
        eq(visitEvents.kind, "times_edited"),
      ),
    );
  const editedIds = new Set(edited.map((row) => row.visitId));
  const billable: BillableVisit[] = rows.map((row) => ({ ...row, isTimesEdited: editedIds.has(row.visitId) }));

  const [request] = await tx
    .select({ timeZone: careRequests.timeZone })
    .from(careRequests)
    .where(eq(careRequests.id, order.careRequestId));
  const [earlier] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), sql`${invoices.status} <> 'void'`))
    .limit(1);

  const draft = buildInvoice({
    visits: billable,
    snapshot: quoteSnapshotOf(order.quote),
    timeZone: request!.timeZone,
    isFirstInvoice: !earlier,
    creditBalanceCents: await creditBalanceCents(tx, order.clientId),
    chargeSettings: await visitChargeSettings(tx),
  });

  const isPaid = draft.totalCents === 0;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      clientId: order.clientId,
      periodStart: draft.periodStart,
      periodEnd: draft.periodEnd,
      status: isPaid ? "paid" : "due",
      subtotalCents: draft.subtotalCents,
      discountCents: draft.discountCents,
      platformFeeCents: draft.platformFeeCents,
      creditCents: draft.creditCents,
      totalCents: draft.totalCents,
      issuedAt: now,
      dueAt: addDays(now, INVOICE_DUE_DAYS),
      paidAt: isPaid ? now : null,
    })
    .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
  const { id: invoiceId, invoiceNumber } = invoice!;

  await tx.insert(invoiceLines).values(
    draft.lines.map((line, index) => ({
      invoiceId,
      position: index + 1,
      kind: line.kind,
      visitId: line.visitId,
      figures: line.figures as Record<string, unknown>,
      amountCents: line.amountCents,
    })),
  );
  if (draft.creditCents > 0) {
    await tx.insert(accountCredits).values({
      clientId: order.clientId,
      amountCents: -draft.creditCents,
      source: "invoice",
      reason: `Used on ${invoiceNumber}`,
      invoiceId,
    });
  }
  await tx.insert(caregiverEarnings).values(draft.earnings.map((earning) => ({ ...earning, orderId: order.id })));

  // Payments charge the card, with Stripe (app/event-handlers.server.ts).
  await publish(tx, {
    type: "invoice.issued",
    invoiceId,
    orderId: order.id,
    clientId: order.clientId,
    totalCents: draft.totalCents,
  });
  await queueNotification(tx, {
    userId: order.clientId,
    type: "payment",
    subtype: isPaid ? "payment_processed" : "payment_due",
    key: "billing:notifications.invoiceReady",
    params: { invoiceNumber, total: formatMoney(draft.totalCents, "en") },
    actionUrl: `/dashboard/billing/${invoiceNumber}`,
    metadata: { amount: draft.totalCents },
  });

  return {
    invoiceId,
    invoiceNumber,
    orderId: order.id,
    clientId: order.clientId,
    totalCents: draft.totalCents,
    visitIds: rows.map((row) => row.visitId),
  };
}

/** The short-visit threshold and minimum charge in force (care_settings, saved on /admin/settings). */
async function visitChargeSettings(tx: Tx): Promise<VisitChargeSettings> {
  const [row] = await tx
    .select({
      shortVisitPercent: careSettings.shortVisitPercent,
      minimumChargeMinutes: careSettings.minimumChargeMinutes,
    })
    .from(careSettings)
    .where(eq(careSettings.id, 1));
  return row ?? { ...DEFAULT_VISIT_CHARGE_SETTINGS };
}
