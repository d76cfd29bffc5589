import { and, asc, eq, gt, inArray, ne } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db, type Tx } from "~/platform/db/client.server";
import { caregiverProfiles, careRequests, orders, visitBackupOffers, visitEvents, visits } from "~/platform/db/schema";
import type { CareRequest } from "~/features/care-requests/public";
import { matchesForRequest } from "~/features/orders/public.server";
import { loadCareRequest } from "~/features/orders/public.server";
import { pgErrorCode } from "~/platform/db/pg-errors";
import { careRequestOf } from "~/features/orders/public";
import {
  areaOf,
  caregiverPrivateDetails,
  type Area,
  type CaregiverAddress,
  type CareRecipient,
} from "~/features/orders/public";
import type { OrderReader } from "~/features/orders/public.server";
import { AppError } from "~/utils/app-error";
import type { ServiceId } from "~/utils/services";
import { formatInZone } from "~/utils/datetime";
import { needsBackup, visitPayCents, type PayQuote } from "./visit-alerts";
import { lockVisit, recordVisitEvent, type VisitActor, type VisitRow } from "./visit-events.server";
import {
  announceVisitAttention,
  caregiverName,
  loadVisitContext,
  notifyBackupOffered,
  notifyBackupTaken,
  notifyNoBackup,
  type VisitContext,
} from "./visit-notifications.server";
import { isUuid } from "./visit-rules";
import { shortName } from "~/utils/person-name";
import { assertTrainingAllowsWork } from "~/features/training/public.server";
import { isOffDuring } from "~/features/matching/public.server";
import { assertCredentialsAllowWork } from "~/features/credentials/public.server";

// Backup caregivers (docs/product-rules.md, "Visits"): a late visit, or one
// its caregiver cannot make, is offered to the next matches who are free at
// its time; the first to accept takes it (the visit's row lock decides, and
// the visits_no_double_booking constraint keeps the taker from a clash).

/** How many backup caregivers a visit is offered to at once. */
export const BACKUP_OFFER_LIMIT = 5;

/** Orders whose visits still need covering. */
const ACTIVE_ORDER_STATUSES = ["confirmed", "in_progress"] as const;

/**
 * The visit's wall-clock window where care happens, as a one-time request of
 * that day, so that matching checks the backups' services, area, weekly hours
 * and other visits for this visit only. A visit running past midnight is
 * matched up to midnight (the database's constraint still refuses a real
 * clash when a backup accepts).
 */
function oneVisitRequest(row: Awaited<ReturnType<typeof loadCareRequest>>, visit: VisitRow) {
  const zone = row.timeZone;
  const startDate = formatInZone(visit.startsAt, zone, "yyyy-MM-dd");
  const endDate = formatInZone(visit.endsAt, zone, "yyyy-MM-dd");
  const care: CareRequest = careRequestOf(row);
  return {
    ...row,
    request: {
      ...care,
      scheduleType: "one-time",
      startDate,
      startTime: formatInZone(visit.startsAt, zone, "HH:mm"),
      endTime: endDate === startDate ? formatInZone(visit.endsAt, zone, "HH:mm") : "24:00",
    },
  };
}

/**
 * Offers the locked visit to up to BACKUP_OFFER_LIMIT matching caregivers who
 * are free at its time (not its caregiver, nor anyone offered it before),
 * stamps backup_offered_at, writes the 'backup_offered' event and emails each
 * of them; with nobody free, the admins are told. In the caller's transaction.
 */
export async function offerVisitToBackups(
  tx: Tx,
  context: VisitContext,
  options: { now: Date; actor?: VisitActor },
): Promise<string[]> {
  const { visit } = context;
  const [order] = await tx
    .select({ careRequestId: orders.careRequestId })
    .from(orders)
    .where(eq(orders.id, visit.orderId));
  const request = await loadCareRequest(tx, order!.careRequestId);
  const offeredBefore = await tx
    .select({ caregiverId: visitBackupOffers.caregiverId })
    .from(visitBackupOffers)
    .where(eq(visitBackupOffers.visitId, visit.id));
  const excluded = [
    visit.caregiverId,
    ...(visit.originalCaregiverId ? [visit.originalCaregiverId] : []),
    ...offeredBefore.map((offer) => offer.caregiverId),
  ];
  const matches = await matchesForRequest(
    oneVisitRequest(request, visit),
    { excludeCaregiverIds: excluded, limit: BACKUP_OFFER_LIMIT, now: visit.startsAt },
    tx,
  );
  const caregiverIds = matches.map((match) => match.caregiverId);
  if (caregiverIds.length > 0) {
    await tx
      .insert(visitBackupOffers)
      .values(caregiverIds.map((caregiverId) => ({ visitId: visit.id, caregiverId, offeredAt: options.now })))
      .onConflictDoNothing();
  }
  await tx.update(visits).set({ backupOfferedAt: options.now }).where(eq(visits.id, visit.id));
  await recordVisitEvent(tx, visit.id, {
    kind: "backup_offered",
    actor: options.actor ?? { id: null, role: "system" },
    occurredAt: options.now,
    data: { caregiverIds },
  });
  if (caregiverIds.length > 0) await notifyBackupOffered(tx, context, caregiverIds);
  else await notifyNoBackup(tx, context);
  return caregiverIds;
}

export type AcceptedBackup = { visitId: string; orderId: string; startsAt: Date; caregiverName: string };

/**
 * A backup caregiver takes the visit: in one transaction, under the visit's
 * row lock, the offer must still be open and the visit still waiting for a
 * caregiver; the visit passes to them (its first caregiver kept in
 * original_caregiver_id), the other offers are withdrawn, a 'backup_taken'
 * event is written and the family and the caregiver it was taken from are
 * emailed. A second acceptor finds the offer withdrawn: { key: "alerts:refusals.taken" }.
 */
export async function acceptBackupOffer({
  actor,
  offerId,
  now = new Date(),
}: {
  actor: OrderReader;
  offerId: string;
  now?: Date;
}): Promise<AcceptedBackup> {
  const caregiver = actorAs(actor, "caregiver");
  if (!isUuid(offerId)) throw new AppError("not_found", { key: "alerts:refusals.offerNotFound" });
  try {
    return await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ visitId: visitBackupOffers.visitId })
        .from(visitBackupOffers)
        .where(and(eq(visitBackupOffers.id, offerId), eq(visitBackupOffers.caregiverId, caregiver.id)));
      if (!found) throw new AppError("not_found", { key: "alerts:refusals.offerNotFound" });
      const visit = await lockVisit(tx, found.visitId);
      // Read again under the visit's lock: another acceptor may have just taken it.
      const [offer] = await tx.select().from(visitBackupOffers).where(eq(visitBackupOffers.id, offerId));
      if (offer?.status === "accepted") return acceptedResult(tx, visit);
      if (offer?.status !== "offered") {
        const isTaken = visit.originalCaregiverId !== null && visit.caregiverId !== caregiver.id;
        throw new AppError(
          "conflict",
          isTaken ? { key: "alerts:refusals.taken" } : { key: "alerts:refusals.notNeeded" },
        );
      }
      // Required training passed first (docs/product-rules.md, "Caregiver training").
      await assertTrainingAllowsWork(tx, caregiver.id, now);
      // No required credential past its date (docs/product-rules.md, "Credentials that expire").
      await assertCredentialsAllowWork(tx, caregiver.id, now);
      const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, visit.orderId));
      if (!isOrderActive(order?.status) || !needsBackup(visit, now))
        throw new AppError("conflict", { key: "alerts:refusals.notNeeded" });
      // Time off during the visit (docs/product-rules.md, "Time off").
      if (await isOffDuring(tx, caregiver.id, { visitId: visit.id }))
        throw new AppError("conflict", { key: "alerts:refusals.timeOff" });

      const previousCaregiverId = visit.caregiverId;
      // The visits_no_double_booking constraint refuses it if the taker has another visit then (23P01, below).
      await tx
        .update(visits)
        .set({ caregiverId: caregiver.id, originalCaregiverId: visit.originalCaregiverId ?? previousCaregiverId })
        .where(eq(visits.id, visit.id));
      await tx
        .update(visitBackupOffers)
        .set({ status: "accepted", respondedAt: now })
        .where(eq(visitBackupOffers.id, offerId));
      await tx
        .update(visitBackupOffers)
        .set({ status: "withdrawn", respondedAt: now })
        .where(and(eq(visitBackupOffers.visitId, visit.id), eq(visitBackupOffers.status, "offered")));
      const name = await caregiverName(tx, caregiver.id);
      await recordVisitEvent(tx, visit.id, {
        kind: "backup_taken",
        actor: { id: caregiver.id, role: "caregiver" },
        occurredAt: now,
        data: {
          caregiverName: name,
          caregiverId: caregiver.id,
          originalCaregiverId: visit.originalCaregiverId ?? previousCaregiverId,
          previousCaregiverId,
        },
      });
      const context = await loadVisitContext(tx, { ...visit, caregiverId: caregiver.id });
      await notifyBackupTaken(tx, context, { newCaregiverName: name, previousCaregiverId });
      await announceVisitAttention(tx, visit.id);
      return { visitId: visit.id, orderId: visit.orderId, startsAt: visit.startsAt, caregiverName: name };
    });
  } catch (error) {
    // The taker has another visit overlapping this one: the whole transaction is rolled back.
    if (pgErrorCode(error) === "23P01") throw new AppError("conflict", { key: "alerts:refusals.clash" });
    throw error;
  }
}

/** A repeated accept by the caregiver who already took it answers as the first did. */
async function acceptedResult(tx: Tx, visit: VisitRow): Promise<AcceptedBackup> {
  return {
    visitId: visit.id,
    orderId: visit.orderId,
    startsAt: visit.startsAt,
    caregiverName: await caregiverName(tx, visit.caregiverId),
  };
}

/** A backup offer as the caregiver sees it: the visit, the area and the pay; the place and the person once taken. */
export type BackupOfferView = {
  offerId: string;
  visitId: string;
  status: "offered" | "accepted" | "withdrawn";
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  services: ServiceId[];
  area: Area;
  /** The caregiver's pay for this visit, from the order's quote; null when unknown (show the hours). */
  payCents: number | null;
  minutes: number;
  /** Open, and the visit still needs a caregiver. */
  canAccept: boolean;
  /** Why it cannot be accepted (and is not theirs): another caregiver took it, or it no longer needs one. */
  closedReason: "taken" | "not_needed" | null;
  /** Only once this caregiver took the visit. */
  address: CaregiverAddress | null;
  recipient: CareRecipient | null;
};

function viewOf(
  row: {
    offer: typeof visitBackupOffers.$inferSelect;
    visit: VisitRow;
    request: typeof careRequests.$inferSelect;
    quote: unknown;
  },
  caregiverId: string,
  now: Date,
  isActiveOrder: boolean,
): BackupOfferView {
  const { offer, visit, request } = row;
  const zone = request.timeZone;
  const hasTaken = offer.status === "accepted" && visit.caregiverId === caregiverId;
  const canAccept = offer.status === "offered" && isActiveOrder && needsBackup(visit, now);
  const isTakenByAnother = visit.originalCaregiverId !== null && visit.caregiverId !== caregiverId;
  return {
    offerId: offer.id,
    visitId: visit.id,
    status: offer.status,
    startsAt: visit.startsAt,
    endsAt: visit.endsAt,
    timeZone: zone,
    services: request.services as ServiceId[],
    area: areaOf(request),
    payCents: visitPayCents((row.quote ?? {}) as PayQuote, {
      date: formatInZone(visit.startsAt, zone, "yyyy-MM-dd"),
      start: formatInZone(visit.startsAt, zone, "HH:mm"),
    }),
    minutes: Math.round((visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000),
    canAccept,
    closedReason: canAccept || hasTaken ? null : isTakenByAnother ? "taken" : "not_needed",
    ...caregiverPrivateDetails(careRequestOf(request), request, hasTaken),
  };
}

const offerColumns = {
  offer: visitBackupOffers,
  visit: visits,
  request: careRequests,
  quote: orders.quote,
  orderStatus: orders.status,
};

/** This caregiver's backup offer of a visit (the newest, if they had several); not found otherwise. */
export async function getBackupOffer({
  actor,
  visitId,
  now = new Date(),
}: {
  actor: OrderReader;
  visitId: string;
  now?: Date;
}): Promise<BackupOfferView> {
  const caregiver = actorAs(actor, "caregiver");
  if (!isUuid(visitId)) throw new AppError("not_found", { key: "alerts:refusals.offerNotFound" });
  const [row] = await db
    .select(offerColumns)
    .from(visitBackupOffers)
    .innerJoin(visits, eq(visits.id, visitBackupOffers.visitId))
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(and(eq(visitBackupOffers.visitId, visitId), eq(visitBackupOffers.caregiverId, caregiver.id)));
  if (!row) throw new AppError("not_found", { key: "alerts:refusals.offerNotFound" });
  return viewOf(row, caregiver.id, now, isOrderActive(row.orderStatus));
}

function isOrderActive(status: string | undefined): boolean {
  return ACTIVE_ORDER_STATUSES.some((active) => active === status);
}

/** The caregiver's open backup offers of visits that still need someone, soonest first (their home screen). */
export async function listOpenBackupOffers({
  actor,
  now = new Date(),
}: {
  actor: OrderReader;
  now?: Date;
}): Promise<BackupOfferView[]> {
  const caregiver = actorAs(actor, "caregiver");
  const rows = await db
    .select(offerColumns)
    .from(visitBackupOffers)
    .innerJoin(visits, eq(visits.id, visitBackupOffers.visitId))
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(
      and(
        eq(visitBackupOffers.caregiverId, caregiver.id),
        eq(visitBackupOffers.status, "offered"),
        eq(visits.status, "scheduled"),
        ne(visits.caregiverId, caregiver.id),
        gt(visits.endsAt, now),
        inArray(orders.status, [...ACTIVE_ORDER_STATUSES]),
      ),
    )
    .orderBy(asc(visits.startsAt));
  return rows.map((row) => viewOf(row, caregiver.id, now, true)).filter((view) => view.canAccept);
}

/** Who covers a visit, for the family's and the caregiver's order pages. */
export type VisitCoverage = {
  /** "Ana B.": the caregiver coming now. */
  caregiverName: string;
  caregiverId: string;
  /** A backup caregiver took it over from the caregiver first booked. */
  isBackup: boolean;
  /** Its caregiver said they cannot make it (a caregiver's cancellation) and nobody has taken it yet. */
  isCancelledByCaregiver: boolean;
  /** Backup caregivers have been asked and none has accepted yet. */
  isLookingForBackup: boolean;
};

/**
 * Coverage of these visits, by id. Unscoped: the caller (an order read that
 * already checked the actor may see these visits) passes only visits it may show.
 */
export async function visitCoverage(visitIds: string[]): Promise<Map<string, VisitCoverage>> {
  if (visitIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: visits.id,
      caregiverId: visits.caregiverId,
      originalCaregiverId: visits.originalCaregiverId,
      backupOfferedAt: visits.backupOfferedAt,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
    })
    .from(visits)
    .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, visits.caregiverId))
    .where(inArray(visits.id, visitIds));
  const cancellations = await db
    .select({ visitId: visitEvents.visitId, actorId: visitEvents.actorId })
    .from(visitEvents)
    .where(
      and(
        inArray(visitEvents.visitId, visitIds),
        eq(visitEvents.kind, "cancelled"),
        eq(visitEvents.actorRole, "caregiver"),
      ),
    );
  const openOffers = await db
    .select({ visitId: visitBackupOffers.visitId })
    .from(visitBackupOffers)
    .where(and(inArray(visitBackupOffers.visitId, visitIds), eq(visitBackupOffers.status, "offered")));
  const hasOpenOffer = new Set(openOffers.map((offer) => offer.visitId));
  return new Map(
    rows.map((row) => {
      const isCancelled = cancellations.some((event) => event.visitId === row.id && event.actorId === row.caregiverId);
      return [
        row.id,
        {
          caregiverName: shortName(row.firstName, row.lastName),
          caregiverId: row.caregiverId,
          isBackup: row.originalCaregiverId !== null && row.originalCaregiverId !== row.caregiverId,
          isCancelledByCaregiver: isCancelled,
          isLookingForBackup: row.backupOfferedAt !== null && hasOpenOffer.has(row.id),
        },
      ];
    }),
  );
}
