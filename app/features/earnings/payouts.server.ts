import { validationRef } from "~/i18n/message-text";
import { publishAdminAttention } from "~/platform/realtime/publish.server";
import { and, asc, count, countDistinct, eq, exists, ilike, inArray, lte, or, sql, sum, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actorAs, type RoleActor } from "~/platform/auth/actor";
import { requestOrigin } from "~/platform/auth/security-events.server";
import { db, type Tx, type Executor } from "~/platform/db/client.server";
import { countRows, orderByList, pageOfRows, type ListPage } from "~/platform/db/list-page.server";
import { likePattern } from "~/utils/list-params";
import {
  auditEvents,
  caregiverEarnings,
  payoutBatches,
  payouts,
  stripeAccounts,
  userProfiles,
} from "~/platform/db/schema";
import { accountLocale } from "~/platform/auth/account-locale.server";
import { CURRENCY, formatMoney } from "~/utils/money";
import { queueNotification } from "~/features/notifications/public.server";
import type { OrderReader } from "~/features/orders/public.server";
import { getStripe } from "~/features/payments/public.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { AppError } from "~/utils/app-error";
import {
  CreatePayoutBatchSchema,
  MarkPayoutFailedSchema,
  PayoutBatchesQuerySchema,
  type PayoutBatchesQuery,
} from "./earnings.schema";
import type { MessageRef } from "~/i18n/message-keys";

// Payouts (docs/product-rules.md, "Billing and pay"; docs/decisions/0022-billing.md, "Payouts in
// batches"): an admin pays out every pending earning worked on up to a date, one payout per
// caregiver; earnings go `in_payout`, then `paid` with their payout (a Stripe Connect transfer when
// Stripe is configured and the caregiver has a connected account, or the admin saying it was paid),
// or back to `pending` when it failed. Each money action writes a `billing` audit event in its own
// transaction, and the caregiver is told in the app when they are paid.

type Admin = RoleActor<"admin">;

/** Batches shown on the payouts page, newest first. */

/** One lock for every batch creation: two at once would read the same pending earnings. */
const BATCH_LOCK = "payout-batch";

export type PendingCaregiver = {
  caregiverId: string;
  name: string;
  earningCount: number;
  totalCents: number;
  oldestWorkedOn: string;
  newestWorkedOn: string;
  hasConnectedAccount: boolean;
};

export type PayoutView = {
  id: string;
  caregiverId: string;
  caregiverName: string;
  amountCents: number;
  earningCount: number;
  status: "pending" | "paid" | "failed";
  stripeTransferId: string | null;
  failureReason: string | null;
  paidAt: Date | null;
};

export type BatchView = {
  id: string;
  throughDate: string;
  createdAt: Date;
  createdByName: string | null;
  totalCents: number;
  payouts: PayoutView[];
};

/** The payouts' entries in the audit log (category 'billing'). */
export const PAYOUT_AUDIT_TYPES = ["payout_batch_created", "payout_paid", "payout_failed"] as const;

async function audit(
  tx: Tx,
  admin: Admin,
  eventType: (typeof PAYOUT_AUDIT_TYPES)[number],
  metadata: Record<string, unknown>,
  request?: Request,
): Promise<void> {
  const origin = request ? requestOrigin(request) : undefined;
  await tx.insert(auditEvents).values({
    userId: admin.id,
    eventType,
    severity: "info",
    category: "billing",
    ipAddress: origin?.ipAddress ?? null,
    userAgent: origin?.userAgent ?? null,
    metadata: { ...(origin ? { url: origin.path } : {}), ...metadata },
  });
}

/** Earnings waiting for a payout: the pending list's condition and the admin home's count. */
const pendingEarningCondition = () => eq(caregiverEarnings.status, "pending");

/** How many caregivers have earnings waiting for a payout (the rows of the pending list). As a scalar subquery: the admin home reads it with its other counts in one statement. */
export function countCaregiversAwaitingPayout({ actor }: { actor: OrderReader }): SQL {
  actorAs(actor, "admin");
  return sql`(${db
    .select({ total: countDistinct(caregiverEarnings.caregiverId) })
    .from(caregiverEarnings)
    .where(pendingEarningCondition())})`;
}

/** Every caregiver with pending earnings: how many, how much, from when to when. */
export async function listPendingEarnings({ actor }: { actor: OrderReader }): Promise<PendingCaregiver[]> {
  actorAs(actor, "admin");
  const rows = await db
    .select({
      caregiverId: caregiverEarnings.caregiverId,
      name: userProfiles.name,
      earningCount: count(),
      totalCents: sum(caregiverEarnings.amountCents).mapWith(Number),
      oldestWorkedOn: sql<string>`min(${caregiverEarnings.workedOn})::text`,
      newestWorkedOn: sql<string>`max(${caregiverEarnings.workedOn})::text`,
      connectedAccountId: stripeAccounts.connectedAccountId,
      connectPayoutsEnabled: stripeAccounts.connectPayoutsEnabled,
    })
    .from(caregiverEarnings)
    .innerJoin(userProfiles, eq(userProfiles.id, caregiverEarnings.caregiverId))
    .leftJoin(stripeAccounts, eq(stripeAccounts.userId, caregiverEarnings.caregiverId))
    .where(pendingEarningCondition())
    .groupBy(
      caregiverEarnings.caregiverId,
      userProfiles.name,
      stripeAccounts.connectedAccountId,
      stripeAccounts.connectPayoutsEnabled,
    )
    .orderBy(asc(userProfiles.name));
  return rows.map(({ connectedAccountId, connectPayoutsEnabled, ...row }) => ({
    ...row,
    hasConnectedAccount: Boolean(connectedAccountId) && connectPayoutsEnabled === true,
  }));
}

/**
 * A batch of every pending earning worked on up to `throughDate`: one payout per caregiver, its
 * earnings `in_payout`. One transaction under one lock, so a second submit (or a second admin)
 * finds those earnings taken and an earning is never in two payouts.
 */
export async function createPayoutBatch({
  actor,
  throughDate,
  request,
}: {
  actor: OrderReader;
  throughDate: string;
  request?: Request;
}): Promise<{ batchId: string; payoutCount: number; totalCents: number }> {
  const admin = actorAs(actor, "admin");
  const parsed = CreatePayoutBatchSchema.safeParse({ throughDate });
  if (!parsed.success)
    throw new AppError("invalid", validationRef(parsed.error.issues[0]?.message) ?? "earnings:messages.date", {
      field: "throughDate",
    });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${BATCH_LOCK}))`);
    const pending = await tx
      .select({
        id: caregiverEarnings.id,
        caregiverId: caregiverEarnings.caregiverId,
        amountCents: caregiverEarnings.amountCents,
      })
      .from(caregiverEarnings)
      .where(and(eq(caregiverEarnings.status, "pending"), lte(caregiverEarnings.workedOn, parsed.data.throughDate)))
      .orderBy(asc(caregiverEarnings.id))
      .for("update");
    const byCaregiver = new Map<string, { ids: string[]; totalCents: number }>();
    for (const row of pending) {
      const own = byCaregiver.get(row.caregiverId) ?? { ids: [], totalCents: 0 };
      own.ids.push(row.id);
      own.totalCents += row.amountCents;
      byCaregiver.set(row.caregiverId, own);
    }
    // A payout is of a positive amount: earnings of nothing stay pending.
    const payable = [...byCaregiver.entries()].filter(([, own]) => own.totalCents > 0);
    if (payable.length === 0) throw new AppError("conflict", { key: "earnings:admin.errors.nothingPending" });
    const [batch] = await tx
      .insert(payoutBatches)
      .values({ throughDate: parsed.data.throughDate, createdBy: admin.id })
      .returning({ id: payoutBatches.id });
    let totalCents = 0;
    for (const [caregiverId, own] of payable) {
      const [payout] = await tx
        .insert(payouts)
        .values({ batchId: batch!.id, caregiverId, amountCents: own.totalCents })
        .returning({ id: payouts.id });
      const moved = await tx
        .update(caregiverEarnings)
        .set({ status: "in_payout", payoutId: payout!.id })
        .where(and(inArray(caregiverEarnings.id, own.ids), eq(caregiverEarnings.status, "pending")))
        .returning({ id: caregiverEarnings.id });
      // Locked above: anything else is a bug, and the whole batch is undone.
      if (moved.length !== own.ids.length) throw new Error("Earnings changed while the batch was written.");
      totalCents += own.totalCents;
    }
    await audit(
      tx,
      admin,
      "payout_batch_created",
      { batchId: batch!.id, throughDate: parsed.data.throughDate, payoutCount: payable.length, totalCents },
      request,
    );
    await publishAdminAttention(tx, "payouts");
    return { batchId: batch!.id, payoutCount: payable.length, totalCents };
  });
}

/**
 * One page of the payout batches with their payouts, for the admin page: newest first unless sorted otherwise,
 * optionally only those paying a caregiver whose name or email matches `q` or holding a payout in one status.
 */
export async function listPayoutBatches({
  actor,
  query = PayoutBatchesQuerySchema.parse({}),
}: {
  actor: OrderReader;
  query?: Pick<PayoutBatchesQuery, "page" | "perPage" | "sort" | "dir" | "q" | "status">;
}): Promise<ListPage<BatchView>> {
  actorAs(actor, "admin");
  const pattern = likePattern(query.q);
  const paid = alias(userProfiles, "paid_user");
  const holding =
    query.q || query.status
      ? exists(
          db
            .select({ one: sql`1` })
            .from(payouts)
            .innerJoin(paid, eq(paid.id, payouts.caregiverId))
            .where(
              and(
                eq(payouts.batchId, payoutBatches.id),
                query.status ? eq(payouts.status, query.status) : undefined,
                query.q ? or(ilike(paid.name, pattern), ilike(paid.email, pattern)) : undefined,
              ),
            ),
        )
      : undefined;
  const list = db
    .select({
      id: payoutBatches.id,
      throughDate: payoutBatches.throughDate,
      createdAt: payoutBatches.createdAt,
      createdByName: userProfiles.name,
    })
    .from(payoutBatches)
    .leftJoin(userProfiles, eq(userProfiles.id, payoutBatches.createdBy))
    .where(holding);
  const page = await pageOfRows({
    page: query.page,
    perPage: query.perPage,
    count: () => countRows(list),
    rows: (limit, offset) =>
      list
        .orderBy(
          ...orderByList(
            query.sort === "through" ? payoutBatches.throughDate : payoutBatches.createdAt,
            query.dir,
            payoutBatches.id,
          ),
        )
        .limit(limit)
        .offset(offset),
  });
  return { ...page, rows: await withPayouts(page.rows) };
}

/** The batches with their payouts (by caregiver name) and each batch's total of what is not failed. */
async function withPayouts(batches: Omit<BatchView, "totalCents" | "payouts">[]): Promise<BatchView[]> {
  if (batches.length === 0) return [];
  const earningCounts = db
    .select({ payoutId: caregiverEarnings.payoutId, earningCount: count().as("earning_count") })
    .from(caregiverEarnings)
    .groupBy(caregiverEarnings.payoutId)
    .as("earning_counts");
  const rows = await db
    .select({
      id: payouts.id,
      batchId: payouts.batchId,
      caregiverId: payouts.caregiverId,
      caregiverName: userProfiles.name,
      amountCents: payouts.amountCents,
      status: payouts.status,
      stripeTransferId: payouts.stripeTransferId,
      failureReason: payouts.failureReason,
      paidAt: payouts.paidAt,
      earningCount: sql<number>`coalesce(${earningCounts.earningCount}, 0)`.mapWith(Number),
    })
    .from(payouts)
    .innerJoin(userProfiles, eq(userProfiles.id, payouts.caregiverId))
    .leftJoin(earningCounts, eq(earningCounts.payoutId, payouts.id))
    .where(
      inArray(
        payouts.batchId,
        batches.map((batch) => batch.id),
      ),
    )
    .orderBy(asc(userProfiles.name));
  return batches.map((batch) => {
    const own = rows.filter((row) => row.batchId === batch.id).map(({ batchId: _batchId, ...row }) => row);
    return {
      ...batch,
      totalCents: own.filter((row) => row.status !== "failed").reduce((total, row) => total + row.amountCents, 0),
      payouts: own,
    };
  });
}

type PayoutRow = typeof payouts.$inferSelect;

/** The payout, or "not found"; with `lock`, its row is held for the rest of the transaction. */
async function payoutOrRefuse(
  reader: Executor,
  payoutId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<PayoutRow> {
  const query = reader.select().from(payouts).where(eq(payouts.id, payoutId));
  const [payout] = await (lock ? query.for("update") : query);
  if (!payout) throw new AppError("not_found", { key: "earnings:admin.errors.notFound" });
  return payout;
}

function refuseUnlessPending(payout: PayoutRow): void {
  if (payout.status === "paid") throw new AppError("conflict", { key: "earnings:admin.errors.alreadyPaid" });
  if (payout.status === "failed") throw new AppError("conflict", { key: "earnings:admin.errors.alreadyFailed" });
}

/**
 * Sends a payout to the caregiver's connected Stripe account, once: the payout's id is the
 * idempotency key, so a repeated click or a retry gets the same transfer back. Null when Stripe is
 * not configured or the caregiver has no connected account (the admin pays them another way).
 */
async function transferPayout(payout: PayoutRow): Promise<string | null> {
  const stripe = getStripe();
  if (!stripe) return null;
  const [account] = await db
    .select({
      connectedAccountId: stripeAccounts.connectedAccountId,
      connectPayoutsEnabled: stripeAccounts.connectPayoutsEnabled,
    })
    .from(stripeAccounts)
    .where(eq(stripeAccounts.userId, payout.caregiverId));
  // Only an account whose onboarding Stripe accepted can take a transfer.
  if (!account?.connectedAccountId || !account.connectPayoutsEnabled) return null;
  try {
    const transfer = await stripe.transfers.create(
      {
        amount: payout.amountCents,
        currency: CURRENCY,
        destination: account.connectedAccountId,
        transfer_group: `payout_batch_${payout.batchId}`,
        metadata: { payout_id: payout.id, batch_id: payout.batchId },
      },
      { idempotencyKey: payout.id },
    );
    return transfer.id;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("conflict", { key: "earnings:admin.errors.transferRefused", values: { reason } });
  }
}

/** The caregiver's in-app (and chosen channels') notice that a payout was paid, in their language. */
async function notifyPaid(tx: Tx, payout: PayoutRow): Promise<void> {
  const locale = (await accountLocale(payout.caregiverId)) ?? DEFAULT_LOCALE;
  await queueNotification(tx, {
    userId: payout.caregiverId,
    type: "payment",
    subtype: "payment_processed",
    key: "earnings:notification.payoutPaid",
    params: { amount: formatMoney(payout.amountCents, locale) },
    actionUrl: "/caregiver/earnings",
    metadata: { payoutId: payout.id },
  });
}

/**
 * Marks one payout paid (a Stripe transfer first when Connect is set up): its earnings `paid`, the
 * admin and the time kept, an audit event and the caregiver's notification, in one transaction.
 */
export async function markPayoutPaid({
  actor,
  payoutId,
  request,
  now = new Date(),
}: {
  actor: OrderReader;
  payoutId: string;
  request?: Request;
  now?: Date;
}): Promise<{ stripeTransferId: string | null }> {
  const admin = actorAs(actor, "admin");
  const unpaid = await payoutOrRefuse(db, payoutId);
  refuseUnlessPending(unpaid);
  // Outside the transaction: no row stays locked while Stripe answers. The idempotency key makes a
  // second click's transfer the same one, and the guarded update below lets only one click win.
  const stripeTransferId = await transferPayout(unpaid);
  return db.transaction(async (tx) => {
    const payout = await payoutOrRefuse(tx, payoutId, { lock: true });
    refuseUnlessPending(payout);
    await tx
      .update(payouts)
      .set({ status: "paid", paidAt: now, paidBy: admin.id, stripeTransferId, failureReason: null })
      .where(eq(payouts.id, payoutId));
    await tx
      .update(caregiverEarnings)
      .set({ status: "paid" })
      .where(and(eq(caregiverEarnings.payoutId, payoutId), eq(caregiverEarnings.status, "in_payout")));
    await audit(
      tx,
      admin,
      "payout_paid",
      {
        payoutId,
        batchId: payout.batchId,
        caregiverId: payout.caregiverId,
        amountCents: payout.amountCents,
        stripeTransferId,
      },
      request,
    );
    await notifyPaid(tx, payout);
    return { stripeTransferId };
  });
}

/** Marks every still-pending payout of a batch paid, one by one; a refused one leaves the others paid. */
export async function markBatchPaid({
  actor,
  batchId,
  request,
  now = new Date(),
}: {
  actor: OrderReader;
  batchId: string;
  request?: Request;
  now?: Date;
}): Promise<{ paidCount: number; failures: { payoutId: string; ref: MessageRef }[] }> {
  actorAs(actor, "admin");
  const [batch] = await db.select({ id: payoutBatches.id }).from(payoutBatches).where(eq(payoutBatches.id, batchId));
  if (!batch) throw new AppError("not_found", { key: "earnings:admin.errors.batchNotFound" });
  const open = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.batchId, batchId), eq(payouts.status, "pending")))
    .orderBy(asc(payouts.createdAt));
  if (open.length === 0) throw new AppError("conflict", { key: "earnings:admin.errors.settled" });
  let paidCount = 0;
  const failures: { payoutId: string; ref: MessageRef }[] = [];
  for (const { id } of open) {
    try {
      await markPayoutPaid({ actor, payoutId: id, request, now });
      paidCount += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failures.push({ payoutId: id, ref: error.ref });
    }
  }
  return { paidCount, failures };
}

/** Marks a payout failed with the reason: its earnings go back to `pending`, ready for the next batch. */
export async function markPayoutFailed({
  actor,
  payoutId,
  reason,
  request,
}: {
  actor: OrderReader;
  payoutId: string;
  reason: string;
  request?: Request;
}): Promise<void> {
  const admin = actorAs(actor, "admin");
  const parsed = MarkPayoutFailedSchema.safeParse({ payoutId, reason });
  if (!parsed.success)
    throw new AppError("invalid", validationRef(parsed.error.issues[0]?.message) ?? "earnings:admin.errors.reason", {
      field: "reason",
    });
  await db.transaction(async (tx) => {
    const payout = await payoutOrRefuse(tx, payoutId, { lock: true });
    refuseUnlessPending(payout);
    await tx
      .update(payouts)
      .set({ status: "failed", failureReason: parsed.data.reason })
      .where(eq(payouts.id, payoutId));
    const released = await tx
      .update(caregiverEarnings)
      .set({ status: "pending", payoutId: null })
      .where(eq(caregiverEarnings.payoutId, payoutId))
      .returning({ id: caregiverEarnings.id });
    await audit(
      tx,
      admin,
      "payout_failed",
      {
        payoutId,
        batchId: payout.batchId,
        caregiverId: payout.caregiverId,
        amountCents: payout.amountCents,
        reason: parsed.data.reason,
        earningCount: released.length,
      },
      request,
    );
  });
}
