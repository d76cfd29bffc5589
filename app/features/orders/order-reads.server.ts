import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db, type Executor } from "~/platform/db/client.server";
import {
  caregiverProfiles,
  careRequests,
  orderEvents,
  orderOffers,
  orders,
  REPLACED_BY_SCHEDULE_CHANGE,
  visits,
  type OrderStatus,
  type VisitStatus,
} from "~/platform/db/schema";
import type { Locale } from "~/i18n/config";
import { AppError } from "~/utils/app-error";
import type { OrderRow, CareRequestRow } from "./order-transitions.server";
import { wordOrderEvent } from "./order-event-wording.server";
import { isOrderId, NOT_FOUND_MESSAGE } from "./order-helpers";
import { shortName } from "~/utils/person-name";

// The readers the family's, the caregiver's and the admin's order pages share
// (client-orders, caregiver-orders, admin-orders .server.ts). They do not
// check who asks: the callers scope every query by the acting user.

/** The signed-in user reading orders (the reads check the role with actorAs). */
export type OrderReader = Pick<CurrentUser, "id" | "roles">;

export type CaregiverCard = {
  id: string;
  slug: string;
  firstName: string;
  lastInitial: string;
  photoUrl: string | null;
  ratingAvg: number | null;
  ratingCount: number;
  languages: string[];
  yearsExperience: number;
};

/** A visit; `timeZone` is where care happens (format its times there). */
export type VisitSummary = {
  id: string;
  orderId: string;
  startsAt: Date;
  endsAt: Date;
  status: VisitStatus;
  timeZone: string;
};
export type TimelineEntry = {
  status: OrderStatus;
  at: Date;
  /** The event's line in the reader's language, and what a person typed as typed (order-event-wording.server.ts). */
  note: string | null;
  actorRole: string;
};

const caregiverCardColumns = {
  id: caregiverProfiles.userId,
  slug: caregiverProfiles.slug,
  firstName: caregiverProfiles.firstName,
  lastName: caregiverProfiles.lastName,
  photoUrl: caregiverProfiles.profilePhotoUrl,
  ratingAvg: caregiverProfiles.ratingAvg,
  ratingCount: caregiverProfiles.ratingCount,
  languages: caregiverProfiles.languages,
  yearsExperience: caregiverProfiles.yearsExperience,
};

export async function caregiverCard(caregiverId: string | null): Promise<CaregiverCard | null> {
  if (!caregiverId) return null;
  const [row] = await db
    .select(caregiverCardColumns)
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiverId));
  if (!row) return null;
  const { lastName, ...card } = row;
  return { ...card, lastInitial: lastName.charAt(0) };
}

/** The order's history, oldest first, each line worded in `locale`, the reader's language. */
export async function timelineOf(orderId: string, locale: Locale): Promise<TimelineEntry[]> {
  const rows = await db
    .select({
      status: orderEvents.toStatus,
      at: orderEvents.createdAt,
      wording: orderEvents.wording,
      note: orderEvents.note,
      actorRole: orderEvents.actorRole,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map(({ wording, note, ...event }) => ({ ...event, note: wordOrderEvent({ wording, note }, locale) }));
}

/**
 * The visits of these orders (only this caregiver's, if given), in time order; not those a schedule change
 * replaced, which never were care (docs/decisions/0052-changing-a-recurring-schedule.md).
 */
export async function visitsOf(orderIds: string[], caregiverId?: string): Promise<VisitSummary[]> {
  if (orderIds.length === 0) return [];
  const conditions = [
    inArray(visits.orderId, orderIds),
    sql`${visits.cancelReason} is distinct from ${REPLACED_BY_SCHEDULE_CHANGE}`,
  ];
  if (caregiverId) conditions.push(eq(visits.caregiverId, caregiverId));
  return db
    .select({
      id: visits.id,
      orderId: visits.orderId,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      status: visits.status,
      timeZone: careRequests.timeZone,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(and(...conditions))
    .orderBy(asc(visits.startsAt));
}

/** The order and its stored request; not found for anything that is not an order id. */
export async function loadOrderWithRequest(orderId: string): Promise<{ order: OrderRow; request: CareRequestRow }> {
  if (!isOrderId(orderId)) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const [row] = await db
    .select({ order: orders, request: careRequests })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  if (!row) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  return row;
}

/** "Jordan R.": the caregiver holding the order's open offer, if any. */
export async function openOfferCaregiver(orderId: string): Promise<string | null> {
  const [offer] = await db
    .select({ firstName: caregiverProfiles.firstName, lastName: caregiverProfiles.lastName })
    .from(orderOffers)
    .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, orderOffers.caregiverId))
    .where(and(eq(orderOffers.orderId, orderId), eq(orderOffers.status, "offered")));
  return offer ? shortName(offer.firstName, offer.lastName) : null;
}

/**
 * The caregiver a new review is about: the one who completed most of the
 * order's visits (a backup caregiver who took one visit does not take the
 * order's review), the latest of them on a tie; null before any completed visit.
 */
export async function caregiverToRate(executor: Executor, orderId: string) {
  const [row] = await executor
    .select({ caregiverId: visits.caregiverId })
    .from(visits)
    .where(and(eq(visits.orderId, orderId), eq(visits.status, "completed")))
    .groupBy(visits.caregiverId)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${visits.startsAt})`))
    .limit(1);
  return row?.caregiverId ?? null;
}
