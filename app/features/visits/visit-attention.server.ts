import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import {
  caregiverProfiles,
  careRequests,
  clientProfiles,
  orders,
  visitBackupOffers,
  visits,
} from "~/platform/db/schema";
import { careRequestOf } from "~/features/orders/public";
import type { OrderReader } from "~/features/orders/public.server";
import { shortName } from "~/utils/person-name";
import { getCareSettings } from "./care-settings.server";
import { areaLine } from "./visit-notifications.server";
import { ACTIVE_ORDER_STATUSES } from "./visit-alerts.server";
import { MISSED_QUEUE_DAYS, needsAttention, visitAttention, type VisitAttention } from "./visit-alerts";

// What administrators must see of the late path (docs/product-rules.md, "Late and missed visits, backup
// caregivers"): the live queue of late, missed and no-backup visits on /admin/visits, and each visit's
// state on the admin's order page. Read from the visits' rows and their backup offers; nothing is stored
// for it, so the queue says what the facts say now.

const DAY_MS = 24 * 60 * 60_000;

/** How many caregivers were ever offered each visit, and how many offers are still open. */
async function offerCounts(visitIds: string[]): Promise<Map<string, { offered: number; open: number }>> {
  if (visitIds.length === 0) return new Map();
  const rows = await db
    .select({
      visitId: visitBackupOffers.visitId,
      offered: count(),
      open: sql<number>`count(*) filter (where ${visitBackupOffers.status} = 'offered')`.mapWith(Number),
    })
    .from(visitBackupOffers)
    .where(inArray(visitBackupOffers.visitId, visitIds))
    .groupBy(visitBackupOffers.visitId);
  return new Map(rows.map((row) => [row.visitId, { offered: row.offered, open: row.open }]));
}

const NO_OFFERS = { offered: 0, open: 0 };

/** The attention each visit of an order needs now, by visit id (administrators only). */
export async function getOrderVisitAttention({
  actor,
  orderId,
  now = new Date(),
}: {
  actor: OrderReader;
  orderId: string;
  now?: Date;
}): Promise<Map<string, VisitAttention>> {
  actorAs(actor, "admin");
  const settings = await getCareSettings();
  const rows = await db.select().from(visits).where(eq(visits.orderId, orderId));
  const offers = await offerCounts(rows.map((row) => row.id));
  return new Map(
    rows.map((row) => [row.id, visitAttention(row, offers.get(row.id) ?? NO_OFFERS, settings, now)] as const),
  );
}

/** One visit of the administrators' queue, with who to call. */
export type AttentionVisit = VisitAttention & {
  visitId: string;
  orderId: string;
  orderNumber: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  caregiverName: string;
  caregiverPhone: string | null;
  familyName: string;
  /** The phone the family gave for this care. */
  familyPhone: string | null;
  /** "Chicago, IL 60614". */
  area: string;
};

/**
 * How many visits the queue lists now: the queue itself, counted, so that the admin home's figure is the
 * number of rows /admin/visits shows ("200+" when the queue is cut).
 */
export async function countVisitsNeedingAttention({
  actor,
  now = new Date(),
}: {
  actor: OrderReader;
  now?: Date;
}): Promise<{ total: number; isCut: boolean }> {
  const queue = await listVisitsNeedingAttention({ actor, now });
  return { total: queue.visits.length, isCut: queue.isCut };
}

/** At most this many rows: a queue longer than that is a crisis the page says is cut. */
export const ATTENTION_QUEUE_LIMIT = 200;

/**
 * The visits needing an administrator now: late ones and those no backup caregiver could take (soonest
 * first), then those missed in the last MISSED_QUEUE_DAYS days (latest first).
 */
export async function listVisitsNeedingAttention({
  actor,
  now = new Date(),
}: {
  actor: OrderReader;
  now?: Date;
}): Promise<{ visits: AttentionVisit[]; isCut: boolean; backupOfferMinutes: number }> {
  actorAs(actor, "admin");
  const settings = await getCareSettings();
  const lateStart = new Date(now.getTime() - settings.lateAlertMinutes * 60_000);
  const waiting = and(
    eq(visits.status, "scheduled"),
    isNull(visits.checkedInAt),
    gt(visits.endsAt, now),
    inArray(orders.status, [...ACTIVE_ORDER_STATUSES]),
    or(isNotNull(visits.lateAlertedAt), isNotNull(visits.backupOfferedAt), lte(visits.startsAt, lateStart)),
  );
  const missedSince = new Date(now.getTime() - MISSED_QUEUE_DAYS * DAY_MS);
  const missedLately = and(eq(visits.status, "missed"), gt(visits.endsAt, missedSince));
  // The visits that may belong, each kind from its own index (migration 0050, docs/decisions/0064-the-attention-queue-from-its-indexes.md):
  // late by their start (visits_due_idx, bounded by the start), alerted or offered to backups (visits_alerted_idx,
  // the few still scheduled), missed lately (visits_missed_idx). Joined by OR, the conditions were read against
  // every scheduled visit to come, each from the table.
  const candidates = sql`select ${visits.id} from ${visits}
      where ${visits.status} = 'scheduled' and ${visits.startsAt} <= ${lateStart} and ${visits.endsAt} > ${now}
    union select ${visits.id} from ${visits}
      where ${visits.status} = 'scheduled' and (${visits.lateAlertedAt} is not null or ${visits.backupOfferedAt} is not null)
    union select ${visits.id} from ${visits} where ${visits.status} = 'missed' and ${visits.endsAt} > ${missedSince}`;
  const rows = await db
    .select({
      visit: visits,
      orderNumber: orders.orderNumber,
      request: careRequests,
      caregiverFirst: caregiverProfiles.firstName,
      caregiverLast: caregiverProfiles.lastName,
      caregiverPhone: caregiverProfiles.phoneNumber,
      clientFirst: clientProfiles.firstName,
      clientLast: clientProfiles.lastName,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .leftJoin(caregiverProfiles, eq(caregiverProfiles.userId, visits.caregiverId))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, orders.clientId))
    .where(and(sql`${visits.id} in (${candidates})`, or(waiting, missedLately)))
    // Visits still to be saved before missed ones, so that a long tail of missed visits never hides them: those
    // soonest first, missed ones latest first (a queue cut at its limit drops the oldest missed), then by id, so
    // that visits with the same times always come in the same order.
    .orderBy(
      sql`${visits.status} = 'missed'`,
      sql`case when ${visits.status} = 'missed' then null else ${visits.startsAt} end`,
      sql`case when ${visits.status} = 'missed' then ${visits.endsAt} end desc`,
      asc(visits.id),
    )
    .limit(ATTENTION_QUEUE_LIMIT + 1);
  const offers = await offerCounts(rows.map((row) => row.visit.id));
  const listed = rows.slice(0, ATTENTION_QUEUE_LIMIT).flatMap((row): AttentionVisit[] => {
    const { visit, request } = row;
    const attention = visitAttention(visit, offers.get(visit.id) ?? NO_OFFERS, settings, now);
    if (!needsAttention(visit, attention, now)) return [];
    const care = careRequestOf(request);
    return [
      {
        ...attention,
        visitId: visit.id,
        orderId: visit.orderId,
        orderNumber: row.orderNumber,
        startsAt: visit.startsAt,
        endsAt: visit.endsAt,
        timeZone: request.timeZone,
        caregiverName: row.caregiverFirst ? shortName(row.caregiverFirst, row.caregiverLast ?? "") : "",
        caregiverPhone: row.caregiverPhone,
        familyName: row.clientFirst ? `${row.clientFirst} ${row.clientLast ?? ""}`.trim() : care.fullName,
        familyPhone: care.phoneNumber || null,
        area: areaLine({ city: request.city, state: request.state, zip: request.zipCode }),
      },
    ];
  });
  return {
    // In the statement's order: still to be saved soonest first, then missed latest first.
    visits: listed,
    isCut: rows.length > ATTENTION_QUEUE_LIMIT,
    backupOfferMinutes: settings.backupOfferMinutes,
  };
}
