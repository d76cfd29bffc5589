import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { careRequests, orderOffers, orders, visits, type OfferStatus, type OrderStatus } from "~/platform/db/schema";
import type { Schedule } from "~/features/care-requests/public";
import type { Quote } from "~/features/pricing/public";
import { AppError } from "~/utils/app-error";
import type { ServiceId } from "~/utils/services";
import type { OrderRow, CareRequestRow } from "./order-transitions.server";
import { careRequestOf, NOT_FOUND_MESSAGE } from "./order-helpers";
import { loadOrderWithRequest, visitsOf, type OrderReader, type VisitSummary } from "./order-reads.server";
import {
  areaOf,
  caregiverHasAccepted,
  caregiverOrderBasics,
  caregiverPay,
  caregiverPrivateDetails,
  carePreferences,
  scheduleView,
  type Area,
  type CaregiverAddress,
  type CaregiverOrderBasics,
  type CareRecipient,
} from "./order-view";

// What a caregiver sees of orders: those offered to them and those they took.
// What they may see before and after accepting is order-view.ts.

export type CaregiverOfferSummary = CaregiverOrderBasics & { offeredAt: Date; expiresAt: Date };

export type CaregiverOrderSummary = CaregiverOrderBasics & {
  status: OrderStatus;
  nextVisit: { startsAt: Date; endsAt: Date } | null;
};

export type CaregiverOrders = { offers: CaregiverOfferSummary[]; orders: CaregiverOrderSummary[] };

function basicsOf(order: OrderRow, request: CareRequestRow): CaregiverOrderBasics {
  return caregiverOrderBasics(
    { id: order.id, orderNumber: order.orderNumber, quote: order.quote as unknown as Quote },
    { ...request, care: careRequestOf(request) },
  );
}

/** The orders offered to the caregiver now, the offer ending soonest first. */
export async function listCaregiverOffers({ actor }: { actor: OrderReader }): Promise<CaregiverOfferSummary[]> {
  actorAs(actor, "caregiver");
  const offerRows = await db
    .select({ offer: orderOffers, order: orders, request: careRequests })
    .from(orderOffers)
    .innerJoin(orders, eq(orders.id, orderOffers.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(and(eq(orderOffers.caregiverId, actor.id), eq(orderOffers.status, "offered")))
    .orderBy(asc(orderOffers.expiresAt));
  return offerRows.map((row) => ({
    ...basicsOf(row.order, row.request),
    offeredAt: row.offer.offeredAt,
    expiresAt: row.offer.expiresAt,
  }));
}

export async function listCaregiverOrders({
  actor,
  now = new Date(),
}: {
  actor: OrderReader;
  now?: Date;
}): Promise<CaregiverOrders> {
  const offers = await listCaregiverOffers({ actor });
  const orderRows = await db
    .select({ order: orders, request: careRequests })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.caregiverId, actor.id))
    .orderBy(desc(orders.confirmedAt));
  const next = await nextScheduledVisits(
    orderRows.map((row) => row.order.id),
    actor.id,
    now,
  );
  return {
    offers,
    orders: orderRows.map((row) => {
      const visit = next.get(row.order.id);
      return {
        ...basicsOf(row.order, row.request),
        status: row.order.status,
        nextVisit: visit ? { startsAt: visit.startsAt, endsAt: visit.endsAt } : null,
      };
    }),
  };
}

/**
 * Each order's next visit of this caregiver: the earliest still scheduled and not over (neither cancelled nor past).
 * Those visits alone are read, where the list read every visit of every order the caregiver ever took.
 */
async function nextScheduledVisits(orderIds: string[], caregiverId: string, now: Date) {
  if (orderIds.length === 0) return new Map<string, { startsAt: Date; endsAt: Date }>();
  const rows = await db
    .selectDistinctOn([visits.orderId], { orderId: visits.orderId, startsAt: visits.startsAt, endsAt: visits.endsAt })
    .from(visits)
    .where(
      and(
        inArray(visits.orderId, orderIds),
        eq(visits.caregiverId, caregiverId),
        eq(visits.status, "scheduled"),
        gt(visits.endsAt, now),
      ),
    )
    .orderBy(visits.orderId, asc(visits.startsAt), asc(visits.id));
  return new Map(rows.map(({ orderId, ...visit }) => [orderId, visit]));
}

export type CaregiverOrderDetail = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  services: ServiceId[];
  schedule: Schedule;
  scheduleSummary: string;
  timeZone: string;
  payCents: number;
  payPeriod: Quote["period"];
  /** The ZIP's centre and city: all a caregiver sees of the place before accepting. */
  area: Area;
  /** Only once this caregiver accepted. */
  address: CaregiverAddress | null;
  /** Only once this caregiver accepted. */
  recipient: CareRecipient | null;
  preferences: { language: string; caregiverGender: string; careType: string };
  /** This caregiver holds the open offer and can accept or decline. */
  isOffered: boolean;
  offerExpiresAt: Date | null;
  /** This caregiver's offer, if they had one: offered, accepted, declined, expired or withdrawn. */
  offerStatus: OfferStatus | null;
  accepted: boolean;
  visits: VisitSummary[];
};

/** One order offered to this caregiver or theirs ("not found" otherwise); private details once accepted. */
export async function getCaregiverOrder({
  actor,
  orderId,
}: {
  actor: OrderReader;
  orderId: string;
}): Promise<CaregiverOrderDetail> {
  actorAs(actor, "caregiver");
  const { order, request } = await loadOrderWithRequest(orderId);
  const [offer] = await db
    .select({ status: orderOffers.status, expiresAt: orderOffers.expiresAt })
    .from(orderOffers)
    .where(and(eq(orderOffers.orderId, order.id), eq(orderOffers.caregiverId, actor.id)))
    .orderBy(desc(orderOffers.offeredAt))
    .limit(1);
  const isAssigned = order.caregiverId === actor.id;
  if (!offer && !isAssigned) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const accepted = caregiverHasAccepted({ status: order.status, isAssigned });
  const care = careRequestOf(request);
  const isOffered = offer?.status === "offered";
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    services: request.services as ServiceId[],
    ...scheduleView(care),
    timeZone: request.timeZone,
    ...caregiverPay(order.quote as unknown as Quote),
    area: areaOf(request),
    ...caregiverPrivateDetails(care, request, accepted),
    preferences: carePreferences(care),
    isOffered,
    offerExpiresAt: isOffered ? (offer?.expiresAt ?? null) : null,
    offerStatus: offer?.status ?? null,
    accepted,
    visits: isAssigned ? await visitsOf([order.id], actor.id) : [],
  };
}
