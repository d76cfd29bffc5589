import { desc, eq } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { caregiverProfiles, careRequests, orderOffers, orders, type OrderStatus } from "~/platform/db/schema";
import type { CareRequest, Schedule } from "~/features/care-requests/public";
import type { Match } from "~/features/matching/public";
import type { Quote } from "~/features/pricing/public";
import type { Locale } from "~/i18n/config";
import type { ServiceId } from "~/utils/services";
import { matchesForRequest } from "./order-matches.server";
import { markNeedsCaregiver } from "./needs-caregiver.server";
import { careRequestOf } from "./order-helpers";
import {
  caregiverCard,
  loadOrderWithRequest,
  openOfferCaregiver,
  timelineOf,
  visitsOf,
  type CaregiverCard,
  type OrderReader,
  type TimelineEntry,
  type VisitSummary,
} from "./order-reads.server";
import { clientCancellation, scheduleView, splitVisits } from "./order-view";
import { clientCanCancel } from "./state-machine";
import type { OrderRow } from "./order-transitions.server";
import { shortName } from "~/utils/person-name";
import { assertCanFollow, assertCanManage, canManage, type FamilyAccess } from "~/features/family/public";
import { isFamilyOrder, orderAccess } from "~/features/family/public.server";

// What the family sees of their orders: only their own (anything else is
// "not found"), with their whole request, health details included.

export type OrderMatches = {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  matches: Match[];
  /** "Jordan R." while the order is offered. */
  offeredTo: string | null;
  /** Submitted, with nobody left to offer it to: the team looks (needs-caregiver.server.ts). */
  isWaitingForTeam: boolean;
  /** The hour's rate of the order's quote: what the family pays whichever caregiver they choose. */
  hourlyRateCents: number;
};

/** The thank-you screen: the ranked matches of the family's own order (only while it waits for a choice). */
export async function getOrderMatches({
  actor,
  orderId,
}: {
  actor: OrderReader;
  orderId: string;
}): Promise<OrderMatches> {
  actorAs(actor, "client");
  // Choosing the caregiver books: the holder's or a manage member's (docs/decisions/0050-family-circle.md).
  assertCanManage(await orderAccess(actor, orderId));
  const { order, request } = await loadOrderWithRequest(orderId);
  const matches = order.status === "submitted" ? await matchesForRequest(request, { limit: 5 }) : [];
  // The family finds nobody to choose any more (caregivers booked meanwhile): the team looks from now.
  const isWaitingForTeam =
    order.status === "submitted" &&
    (order.needsCaregiverSince !== null || (matches.length === 0 && (await markNeedsCaregiver(db, order.id))));
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    isWaitingForTeam,
    hourlyRateCents: (order.quote as unknown as Quote).hourlyRateCents,
    matches,
    offeredTo: order.status === "offered" ? await openOfferCaregiver(order.id) : null,
  };
}

export type ClientOrderSummary = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  createdAt: Date;
  services: ServiceId[];
  schedule: Schedule;
  scheduleSummary: string;
  timeZone: string;
  caregiverName: string | null;
  totalCents: number;
  period: Quote["period"];
};

export type ClientVisit = VisitSummary & { orderNumber: string; caregiverName: string | null };

export type ClientOrders = { orders: ClientOrderSummary[]; upcomingVisits: ClientVisit[]; pastVisits: ClientVisit[] };

export async function listClientOrders({
  actor,
  now = new Date(),
}: {
  actor: OrderReader;
  now?: Date;
}): Promise<ClientOrders> {
  actorAs(actor, "client");
  const rows = await db
    .select({
      order: orders,
      request: careRequests.request,
      services: careRequests.services,
      timeZone: careRequests.timeZone,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
    })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .leftJoin(caregiverProfiles, eq(caregiverProfiles.userId, orders.caregiverId))
    // The family's own orders and those of the people whose circle they manage or follow
    // (docs/decisions/0050-family-circle.md).
    .where(isFamilyOrder(actor.id))
    .orderBy(desc(orders.createdAt));
  const summaries = rows.map((row): ClientOrderSummary => {
    const quote = row.order.quote as unknown as Quote;
    return {
      id: row.order.id,
      orderNumber: row.order.orderNumber,
      status: row.order.status,
      createdAt: row.order.createdAt,
      services: row.services as ServiceId[],
      ...scheduleView(careRequestOf(row)),
      timeZone: row.timeZone,
      caregiverName: row.firstName && row.lastName ? shortName(row.firstName, row.lastName) : null,
      totalCents: quote.totalCents,
      period: quote.period,
    };
  });
  const byOrder = new Map(summaries.map((summary) => [summary.id, summary]));
  const all = (await visitsOf(summaries.map((summary) => summary.id))).map((visit): ClientVisit => ({
    ...visit,
    orderNumber: byOrder.get(visit.orderId)?.orderNumber ?? "",
    caregiverName: byOrder.get(visit.orderId)?.caregiverName ?? null,
  }));
  return { orders: summaries, ...splitVisits(all, now) };
}

export type ClientOrderDetail = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  createdAt: Date;
  timeline: TimelineEntry[];
  caregiver: CaregiverCard | null;
  offeredTo: string | null;
  /** The request as submitted: the family's own, health details included. */
  request: CareRequest;
  schedule: Schedule;
  scheduleSummary: string;
  timeZone: string;
  quote: Quote;
  visits: VisitSummary[];
  /** What the reader is to the order: its holder, or their role in the recipient's family circle. */
  access: Exclude<FamilyAccess, "alerts" | null>;
  canCancel: boolean;
  cancellation: { by: "you" | "the Tendly team"; reason: string; at: Date | null } | null;
  /**
   * While submitted, what it waits for: the family's choice among its matches, or the team, who looks for a
   * caregiver when nobody is left to offer it to (needs-caregiver.server.ts). Null once offered.
   */
  waitingFor: "choice" | "team" | null;
};

export async function getClientOrder({
  actor,
  orderId,
  locale,
}: {
  actor: OrderReader;
  orderId: string;
  /** The page's language: the history's lines are worded in it. */
  locale: Locale;
}): Promise<ClientOrderDetail> {
  actorAs(actor, "client");
  // The holder and the circle's manage and follow members open the page; only the first two may change it.
  const access = await orderAccess(actor, orderId);
  assertCanFollow(access);
  const { order, request } = await loadOrderWithRequest(orderId);
  const care = careRequestOf(request);
  // Independent reads of the order, together.
  const [timeline, caregiver, offeredTo, orderVisits, waiting] = await Promise.all([
    timelineOf(order.id, locale),
    caregiverCard(order.caregiverId),
    order.status === "offered" ? openOfferCaregiver(order.id) : null,
    visitsOf([order.id]),
    order.status === "submitted" ? waitingFor(order) : null,
  ]);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    timeline,
    caregiver,
    offeredTo,
    request: care,
    ...scheduleView(care),
    timeZone: request.timeZone,
    quote: order.quote as unknown as Quote,
    visits: orderVisits,
    access,
    canCancel: canManage(access) && clientCanCancel(order.status),
    cancellation: clientCancellation(order),
    waitingFor: waiting,
  };
}

/** A submitted order waits for the team once marked, or once every caregiver offered it said no. */
async function waitingFor(order: Pick<OrderRow, "id" | "needsCaregiverSince">): Promise<"choice" | "team"> {
  if (order.needsCaregiverSince) return "team";
  const [offered] = await db.select({ id: orderOffers.id }).from(orderOffers).where(eq(orderOffers.orderId, order.id));
  return offered ? "team" : "choice";
}
