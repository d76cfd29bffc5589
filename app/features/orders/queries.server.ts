import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actorAs } from "~/auth/actor";
import { recordSecurityEvent } from "~/auth/security-events.server";
import type { CurrentUser } from "~/auth/session.server";
import { db } from "~/db/client.server";
import {
  caregiverProfiles,
  careRequests,
  clientProfiles,
  orderEvents,
  orderOffers,
  orders,
  userProfiles,
  visits,
  type OfferStatus,
  type OrderStatus,
  type VisitStatus,
} from "~/db/schema";
import type { CareRequest, Schedule } from "~/features/care-requests/care-request.schema";
import { describeSchedule } from "~/features/care-requests/schedule";
import type { Match } from "~/features/matching/match";
import type { Quote } from "~/features/pricing/quote";
import { AppError } from "~/utils/app-error";
import type { ServiceId } from "~/utils/services";
import {
  careRequestOf,
  displayName,
  isOrderId,
  matchesForRequest,
  NOT_FOUND_MESSAGE,
  type CareRequestRow,
  type OrderRow,
} from "./order-core.server";
import { clientCanCancel } from "./state-machine";

// What each side sees of orders. Every query is scoped by the acting user.
// Health information (the request's health needs and details) goes to the
// family who owns it, to admins (each read is audited), and to a caregiver
// only once they have accepted the order.

type Actor = Pick<CurrentUser, "id" | "roles">;

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
export type TimelineEntry = { status: OrderStatus; at: Date; note: string | null; actorRole: string };
export type Area = { zip: string; city: string | null; state: string | null; latitude: number; longitude: number };

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

async function caregiverCard(caregiverId: string | null): Promise<CaregiverCard | null> {
  if (!caregiverId) return null;
  const [row] = await db
    .select(caregiverCardColumns)
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiverId));
  if (!row) return null;
  const { lastName, ...card } = row;
  return { ...card, lastInitial: lastName.charAt(0) };
}

async function timelineOf(orderId: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select({
      status: orderEvents.toStatus,
      at: orderEvents.createdAt,
      note: orderEvents.note,
      actorRole: orderEvents.actorRole,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows;
}

async function visitsOf(orderIds: string[], caregiverId?: string): Promise<VisitSummary[]> {
  if (orderIds.length === 0) return [];
  const conditions = [inArray(visits.orderId, orderIds)];
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

async function loadOrderWithRequest(orderId: string): Promise<{ order: OrderRow; request: CareRequestRow }> {
  if (!isOrderId(orderId)) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const [row] = await db
    .select({ order: orders, request: careRequests })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  if (!row) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  return row;
}

function scheduleOf(request: CareRequest): Schedule {
  if (request.scheduleType === "one-time") {
    return {
      scheduleType: "one-time",
      startDate: request.startDate,
      startTime: request.startTime,
      endTime: request.endTime,
    };
  }
  return {
    scheduleType: "recurring",
    startDate: request.startDate,
    endDate: request.endDate,
    weeklySchedule: request.weeklySchedule,
  };
}

async function openOfferCaregiver(orderId: string): Promise<string | null> {
  const [offer] = await db
    .select({ firstName: caregiverProfiles.firstName, lastName: caregiverProfiles.lastName })
    .from(orderOffers)
    .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, orderOffers.caregiverId))
    .where(and(eq(orderOffers.orderId, orderId), eq(orderOffers.status, "offered")));
  return offer ? displayName(offer.firstName, offer.lastName) : null;
}

// ---------------------------------------------------------------- family

export type OrderMatches = {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  matches: Match[];
  /** "Jordan R." while the order is offered. */
  offeredTo: string | null;
};

/** The thank-you screen: the ranked matches of the family's own order (only while it waits for a choice). */
export async function getOrderMatches({ actor, orderId }: { actor: Actor; orderId: string }): Promise<OrderMatches> {
  actorAs(actor, "client");
  const { order, request } = await loadOrderWithRequest(orderId);
  if (order.clientId !== actor.id) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const matches = order.status === "submitted" ? await matchesForRequest(request, { limit: 5 }) : [];
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
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
  actor: Actor;
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
    .where(eq(orders.clientId, actor.id))
    .orderBy(desc(orders.createdAt));
  const summaries = rows.map((row): ClientOrderSummary => {
    const quote = row.order.quote as unknown as Quote;
    return {
      id: row.order.id,
      orderNumber: row.order.orderNumber,
      status: row.order.status,
      createdAt: row.order.createdAt,
      services: row.services as ServiceId[],
      schedule: scheduleOf(row.request as unknown as CareRequest),
      scheduleSummary: describeSchedule(scheduleOf(row.request as unknown as CareRequest)),
      timeZone: row.timeZone,
      caregiverName: row.firstName && row.lastName ? displayName(row.firstName, row.lastName) : null,
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
  return {
    orders: summaries,
    upcomingVisits: all.filter((visit) => visit.endsAt > now && visit.status !== "cancelled"),
    pastVisits: all.filter((visit) => visit.endsAt <= now || visit.status === "cancelled").toReversed(),
  };
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
  canCancel: boolean;
  cancellation: { by: "you" | "the Tendly team"; reason: string; at: Date | null } | null;
};

export async function getClientOrder({
  actor,
  orderId,
}: {
  actor: Actor;
  orderId: string;
}): Promise<ClientOrderDetail> {
  actorAs(actor, "client");
  const { order, request } = await loadOrderWithRequest(orderId);
  if (order.clientId !== actor.id) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const care = careRequestOf(request);
  const schedule = scheduleOf(care);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    timeline: await timelineOf(order.id),
    caregiver: await caregiverCard(order.caregiverId),
    offeredTo: order.status === "offered" ? await openOfferCaregiver(order.id) : null,
    request: care,
    schedule,
    scheduleSummary: describeSchedule(schedule),
    timeZone: request.timeZone,
    quote: order.quote as unknown as Quote,
    visits: await visitsOf([order.id]),
    canCancel: clientCanCancel(order.status),
    cancellation:
      order.status === "cancelled"
        ? {
            by: order.cancelledByRole === "client" ? "you" : "the Tendly team",
            reason: order.cancelReason ?? "",
            at: order.cancelledAt,
          }
        : null,
  };
}

// ---------------------------------------------------------------- caregiver

export type CaregiverOfferSummary = {
  orderId: string;
  orderNumber: string;
  offeredAt: Date;
  expiresAt: Date;
  services: ServiceId[];
  schedule: Schedule;
  scheduleSummary: string;
  timeZone: string;
  area: Area;
  payCents: number;
  payPeriod: Quote["period"];
};

export type CaregiverOrderSummary = Omit<CaregiverOfferSummary, "offeredAt" | "expiresAt"> & {
  status: OrderStatus;
  nextVisit: { startsAt: Date; endsAt: Date } | null;
};

export type CaregiverOrders = { offers: CaregiverOfferSummary[]; orders: CaregiverOrderSummary[] };

function areaOf(request: CareRequestRow): Area {
  return {
    zip: request.zipCode,
    city: request.city,
    state: request.state,
    latitude: request.latitude,
    longitude: request.longitude,
  };
}

function payOf(order: OrderRow) {
  const quote = order.quote as unknown as Quote;
  return { payCents: quote.caregiverPayCents, payPeriod: quote.period };
}

function caregiverSummary(order: OrderRow, request: CareRequestRow) {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    services: request.services as ServiceId[],
    schedule: scheduleOf(careRequestOf(request)),
    scheduleSummary: describeSchedule(scheduleOf(careRequestOf(request))),
    timeZone: request.timeZone,
    area: areaOf(request),
    ...payOf(order),
  };
}

export async function listCaregiverOrders({
  actor,
  now = new Date(),
}: {
  actor: Actor;
  now?: Date;
}): Promise<CaregiverOrders> {
  actorAs(actor, "caregiver");
  const offerRows = await db
    .select({ offer: orderOffers, order: orders, request: careRequests })
    .from(orderOffers)
    .innerJoin(orders, eq(orders.id, orderOffers.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(and(eq(orderOffers.caregiverId, actor.id), eq(orderOffers.status, "offered")))
    .orderBy(asc(orderOffers.expiresAt));
  const orderRows = await db
    .select({ order: orders, request: careRequests })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.caregiverId, actor.id))
    .orderBy(desc(orders.confirmedAt));
  const upcoming = await visitsOf(
    orderRows.map((row) => row.order.id),
    actor.id,
  );
  return {
    offers: offerRows.map((row) => ({
      ...caregiverSummary(row.order, row.request),
      offeredAt: row.offer.offeredAt,
      expiresAt: row.offer.expiresAt,
    })),
    orders: orderRows.map((row) => {
      const next = upcoming.find(
        (visit) => visit.orderId === row.order.id && visit.status === "scheduled" && visit.endsAt > now,
      );
      return {
        ...caregiverSummary(row.order, row.request),
        status: row.order.status,
        nextVisit: next ? { startsAt: next.startsAt, endsAt: next.endsAt } : null,
      };
    }),
  };
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
  address: { streetAddress: string; zipCode: string; city: string | null; state: string | null } | null;
  /** Only once this caregiver accepted. */
  recipient: {
    fullName: string;
    age: number;
    gender: string;
    phoneNumber: string;
    healthNeeds: string[];
    additionalDetails: string;
  } | null;
  preferences: { language: string; caregiverGender: string; careType: string };
  /** This caregiver holds the open offer and can accept or decline. */
  isOffered: boolean;
  offerExpiresAt: Date | null;
  /** This caregiver's offer, if they had one: offered, accepted, declined, expired or withdrawn. */
  offerStatus: OfferStatus | null;
  accepted: boolean;
  visits: VisitSummary[];
};

export async function getCaregiverOrder({
  actor,
  orderId,
}: {
  actor: Actor;
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
  const accepted = isAssigned && ["confirmed", "in_progress", "completed"].includes(order.status);
  const care = careRequestOf(request);
  const schedule = scheduleOf(care);
  const isOffered = offer?.status === "offered";
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    services: request.services as ServiceId[],
    schedule,
    scheduleSummary: describeSchedule(schedule),
    timeZone: request.timeZone,
    ...payOf(order),
    area: areaOf(request),
    address: accepted
      ? { streetAddress: care.streetAddress, zipCode: care.zipCode, city: request.city, state: request.state }
      : null,
    recipient: accepted
      ? {
          fullName: care.fullName,
          age: care.age,
          gender: care.gender,
          phoneNumber: care.phoneNumber,
          healthNeeds: care.healthNeeds,
          additionalDetails: care.additionalDetails,
        }
      : null,
    preferences: { language: care.preferredLanguage, caregiverGender: care.caregiverGender, careType: care.careType },
    isOffered,
    offerExpiresAt: isOffered ? (offer?.expiresAt ?? null) : null,
    offerStatus: offer?.status ?? null,
    accepted,
    visits: isAssigned ? await visitsOf([order.id], actor.id) : [],
  };
}

// ---------------------------------------------------------------- admin

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export type AdminOrderFilters = {
  status?: OrderStatus;
  /** Submitted on or after this date (YYYY-MM-DD, UTC). */
  from?: string;
  /** Submitted on or before this date (YYYY-MM-DD, UTC). */
  to?: string;
  /** A caregiver's name or email (part of it). */
  caregiver?: string;
  /** A client's name or email (part of it). */
  client?: string;
  /** An order number, or part of it. */
  search?: string;
  page?: number;
};

export type AdminOrderRow = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  createdAt: Date;
  clientName: string;
  clientEmail: string;
  caregiverName: string | null;
  services: ServiceId[];
  city: string | null;
  startDate: string;
  totalCents: number;
  period: Quote["period"];
};

export type AdminOrderList = { orders: AdminOrderRow[]; total: number; page: number; pageCount: number };

function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function listAdminOrders({
  actor,
  filters = {},
}: {
  actor: Actor;
  filters?: AdminOrderFilters;
}): Promise<AdminOrderList> {
  actorAs(actor, "admin");
  const clientUser = alias(userProfiles, "client_user");
  const caregiverUser = alias(userProfiles, "caregiver_user");
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.from) conditions.push(gte(orders.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) {
    conditions.push(lt(orders.createdAt, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000)));
  }
  if (filters.search?.trim()) conditions.push(ilike(orders.orderNumber, likePattern(filters.search.trim())));
  if (filters.client?.trim()) {
    const pattern = likePattern(filters.client.trim());
    conditions.push(or(ilike(clientUser.name, pattern), ilike(clientUser.email, pattern))!);
  }
  if (filters.caregiver?.trim()) {
    const pattern = likePattern(filters.caregiver.trim());
    conditions.push(or(ilike(caregiverUser.name, pattern), ilike(caregiverUser.email, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const base = () =>
    db
      .select({
        order: orders,
        clientName: clientUser.name,
        clientEmail: clientUser.email,
        caregiverName: caregiverUser.name,
        services: careRequests.services,
        city: careRequests.city,
        startDate: careRequests.startDate,
      })
      .from(orders)
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .innerJoin(clientUser, eq(clientUser.id, orders.clientId))
      .leftJoin(caregiverUser, eq(caregiverUser.id, orders.caregiverId))
      .where(where);
  const [counted] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(clientUser, eq(clientUser.id, orders.clientId))
    .leftJoin(caregiverUser, eq(caregiverUser.id, orders.caregiverId))
    .where(where);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filters.page ?? 1)), pageCount);
  const rows = await base()
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(ADMIN_ORDERS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE);
  return {
    orders: rows.map((row) => {
      const quote = row.order.quote as unknown as Quote;
      return {
        id: row.order.id,
        orderNumber: row.order.orderNumber,
        status: row.order.status,
        createdAt: row.order.createdAt,
        clientName: row.clientName,
        clientEmail: row.clientEmail,
        caregiverName: row.caregiverName,
        services: row.services as ServiceId[],
        city: row.city,
        startDate: row.startDate,
        totalCents: quote.totalCents,
        period: quote.period,
      };
    }),
    total,
    page,
    pageCount,
  };
}

export type AdminOfferEntry = {
  caregiverId: string;
  caregiverName: string;
  rank: number;
  status: OfferStatus;
  reason: string | null;
  offeredAt: Date;
  expiresAt: Date;
  respondedAt: Date | null;
};

export type AdminOrderDetail = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  createdAt: Date;
  client: { id: string; name: string; email: string; phoneNumber: string | null };
  caregiver: CaregiverCard | null;
  /** The whole request, health details included (the read is audited). */
  request: CareRequest;
  area: Area;
  schedule: Schedule;
  scheduleSummary: string;
  quote: Quote;
  offers: AdminOfferEntry[];
  timeline: TimelineEntry[];
  visits: VisitSummary[];
  /** Ranked caregivers an admin can assign (while no caregiver is confirmed). */
  matches: Match[];
  canAssign: boolean;
  canCancel: boolean;
  cancellation: { byRole: string | null; reason: string; at: Date | null } | null;
};

export async function getAdminOrder({
  actor,
  orderId,
  request: httpRequest,
}: {
  actor: Actor;
  orderId: string;
  /** The page request, for the audit event's address and user agent. */
  request?: Request;
}): Promise<AdminOrderDetail> {
  actorAs(actor, "admin");
  const { order, request } = await loadOrderWithRequest(orderId);
  const [client] = await db
    .select({
      id: userProfiles.id,
      name: userProfiles.name,
      email: userProfiles.email,
      phoneNumber: clientProfiles.phoneNumber,
    })
    .from(userProfiles)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, userProfiles.id))
    .where(eq(userProfiles.id, order.clientId));
  const offers = await db
    .select({
      caregiverId: orderOffers.caregiverId,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
      rank: orderOffers.rank,
      status: orderOffers.status,
      reason: orderOffers.reason,
      offeredAt: orderOffers.offeredAt,
      expiresAt: orderOffers.expiresAt,
      respondedAt: orderOffers.respondedAt,
    })
    .from(orderOffers)
    .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, orderOffers.caregiverId))
    .where(eq(orderOffers.orderId, order.id))
    .orderBy(asc(orderOffers.rank));
  const canAssign = order.status === "submitted" || order.status === "offered";
  const care = careRequestOf(request);
  const schedule = scheduleOf(care);
  await recordSecurityEvent({
    type: "admin_data_access",
    userId: actor.id,
    category: "admin",
    request: httpRequest,
    metadata: { resource: "care_request", orderId: order.id, orderNumber: order.orderNumber, fields: ["health"] },
  });
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    client: {
      id: order.clientId,
      name: client?.name ?? "",
      email: client?.email ?? "",
      phoneNumber: client?.phoneNumber ?? null,
    },
    caregiver: await caregiverCard(order.caregiverId),
    request: care,
    area: areaOf(request),
    schedule,
    scheduleSummary: describeSchedule(schedule),
    quote: order.quote as unknown as Quote,
    offers: offers.map(({ firstName, lastName, ...offer }) => ({
      ...offer,
      caregiverName: `${firstName} ${lastName}`,
    })),
    timeline: await timelineOf(order.id),
    visits: await visitsOf([order.id]),
    matches: canAssign ? await matchesForRequest(request, { limit: 10 }) : [],
    canAssign,
    canCancel: order.status !== "completed" && order.status !== "cancelled",
    cancellation:
      order.status === "cancelled"
        ? { byRole: order.cancelledByRole, reason: order.cancelReason ?? "", at: order.cancelledAt }
        : null,
  };
}

/** Orders whose number matches exactly, for a search box that jumps straight to an order. */
export async function findOrderIdByNumber(actor: Actor, orderNumber: string): Promise<string | null> {
  actorAs(actor, "admin");
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`upper(${orders.orderNumber}) = upper(${orderNumber.trim()})`);
  return row?.id ?? null;
}
