import { and, asc, count, eq, gte, ilike, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { countRows, orderByList, pageOfRows } from "~/platform/db/list-page.server";
import type { SortDirection } from "~/utils/list-params";
import type { AdminOrderSort } from "./orders.schema";
import {
  caregiverProfiles,
  careRequests,
  clientProfiles,
  orderOffers,
  orders,
  userProfiles,
  type OfferStatus,
  type OrderStatus,
} from "~/platform/db/schema";
import type { CareRequest, Schedule } from "~/features/care-requests/public";
import type { HandCandidate } from "~/features/matching/public.server";
import type { Quote } from "~/features/pricing/public";
import type { Locale } from "~/i18n/config";
import type { ServiceId } from "~/utils/services";
import { recordAdminOrderRead } from "./admin-order-audit.server";
import { handCandidatesForRequest } from "./order-matches.server";
import { careRequestOf, likePattern } from "./order-helpers";
import {
  caregiverCard,
  loadOrderWithRequest,
  timelineOf,
  visitsOf,
  type CaregiverCard,
  type OrderReader,
  type TimelineEntry,
  type VisitSummary,
} from "./order-reads.server";
import { areaOf, scheduleView, type Area } from "./order-view";
import { adminCanAssign, adminCanCancel } from "./state-machine";

// What an admin sees of orders: the queue of orders that need a caregiver, the
// filtered list, and one order whole (its request's health details included, so
// each such read is audited).

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
  perPage?: number;
  sort?: AdminOrderSort;
  dir?: SortDirection;
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

export type AdminOrderList = {
  orders: AdminOrderRow[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

/** How many orders of the "Needs a caregiver" queue the page lists (the count is of all). */
export const NEEDS_CAREGIVER_SHOWN = 50;

export type NeedsCaregiverRow = {
  id: string;
  orderNumber: string;
  /** Since when it waits for the team (needs-caregiver.server.ts). */
  since: Date;
  clientName: string;
  services: ServiceId[];
  city: string | null;
  startDate: string;
  /** How many caregivers were offered it and said no or let the offer expire. */
  offersTried: number;
};

/**
 * The team's queue (docs/product-rules.md, "When no caregiver matches"): the submitted orders nobody is left to
 * offer to, oldest first, and how many there are.
 */
export async function listOrdersNeedingCaregiver({
  actor,
}: {
  actor: OrderReader;
}): Promise<{ orders: NeedsCaregiverRow[]; total: number }> {
  actorAs(actor, "admin");
  const waiting = and(eq(orders.status, "submitted"), isNotNull(orders.needsCaregiverSince));
  const [counted] = await db.select({ total: count() }).from(orders).where(waiting);
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      since: orders.needsCaregiverSince,
      clientName: userProfiles.name,
      services: careRequests.services,
      city: careRequests.city,
      startDate: careRequests.startDate,
      offersTried: sql<number>`(select count(*)::int from ${orderOffers} where ${orderOffers.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .innerJoin(userProfiles, eq(userProfiles.id, orders.clientId))
    .where(waiting)
    .orderBy(asc(orders.needsCaregiverSince), asc(orders.orderNumber))
    .limit(NEEDS_CAREGIVER_SHOWN);
  return {
    total: counted?.total ?? 0,
    orders: rows.map((row) => ({ ...row, since: row.since!, services: row.services as ServiceId[] })),
  };
}

/** The list's status filter; the admin home's counts (countOrdersInStatus) use the same condition. */
const statusCondition = (status: OrderStatus) => eq(orders.status, status);

/** How many orders are in one status now (the list filtered by that status has as many). As a scalar subquery: the admin home reads it with its other counts in one statement. */
export function countOrdersInStatus({ actor, status }: { actor: OrderReader; status: OrderStatus }): SQL {
  actorAs(actor, "admin");
  return sql`(${db.select({ total: count() }).from(orders).where(statusCondition(status))})`;
}

export async function listAdminOrders({
  actor,
  filters = {},
}: {
  actor: OrderReader;
  filters?: AdminOrderFilters;
}): Promise<AdminOrderList> {
  actorAs(actor, "admin");
  const clientUser = alias(userProfiles, "client_user");
  const caregiverUser = alias(userProfiles, "caregiver_user");
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(statusCondition(filters.status));
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
  const list = db
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
  const sortColumn =
    filters.sort === "number"
      ? orders.orderNumber
      : filters.sort === "status"
        ? orders.status
        : filters.sort === "starts"
          ? careRequests.startDate
          : orders.createdAt;
  const { rows, total, page, perPage, pageCount } = await pageOfRows({
    page: filters.page ?? 1,
    perPage: filters.perPage ?? ADMIN_ORDERS_PAGE_SIZE,
    count: () =>
      countRows(
        db
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(clientUser, eq(clientUser.id, orders.clientId))
          .leftJoin(caregiverUser, eq(caregiverUser.id, orders.caregiverId))
          .where(where),
      ),
    rows: (limit, offset) =>
      list
        .orderBy(...orderByList(sortColumn, filters.dir ?? "desc", orders.orderNumber))
        .limit(limit)
        .offset(offset),
  });
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
    perPage,
    pageCount,
  };
}

export type AdminOfferEntry = {
  caregiverId: string;
  caregiverName: string;
  rank: number;
  status: OfferStatus;
  reason: string | null;
  /** Offered by hand by an administrator, with their reason (assign-caregiver.server.ts). */
  byHand: { reason: string } | null;
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
  /** Where care happens: the order's times read on this clock. */
  timeZone: string;
  schedule: Schedule;
  scheduleSummary: string;
  quote: Quote;
  offers: AdminOfferEntry[];
  timeline: TimelineEntry[];
  visits: VisitSummary[];
  /** Since when the order waits in the team's queue; null when it does not. */
  needsCaregiverSince: Date | null;
  /** Whom an admin may offer it to by hand, nearest first, with the rules each misses (while none is confirmed). */
  candidates: HandCandidate[];
  canAssign: boolean;
  canCancel: boolean;
  cancellation: { byRole: string | null; reason: string; at: Date | null } | null;
};

export async function getAdminOrder({
  actor,
  orderId,
  request: httpRequest,
  locale,
}: {
  actor: OrderReader;
  orderId: string;
  /** The page's language: the history's lines are worded in it. */
  locale: Locale;
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
      offeredBy: orderOffers.offeredBy,
      offeredByReason: orderOffers.offeredByReason,
      offeredAt: orderOffers.offeredAt,
      expiresAt: orderOffers.expiresAt,
      respondedAt: orderOffers.respondedAt,
    })
    .from(orderOffers)
    .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, orderOffers.caregiverId))
    .where(eq(orderOffers.orderId, order.id))
    .orderBy(asc(orderOffers.rank));
  const canAssign = adminCanAssign(order.status);
  const care = careRequestOf(request);
  await recordAdminOrderRead({ adminId: actor.id, order, request: httpRequest });
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
    timeZone: request.timeZone,
    ...scheduleView(care),
    quote: order.quote as unknown as Quote,
    offers: offers.map(({ firstName, lastName, offeredBy, offeredByReason, ...offer }) => ({
      ...offer,
      caregiverName: `${firstName} ${lastName}`,
      byHand: offeredBy || offeredByReason ? { reason: offeredByReason ?? "" } : null,
    })),
    timeline: await timelineOf(order.id, locale),
    visits: await visitsOf([order.id]),
    needsCaregiverSince: order.status === "submitted" ? order.needsCaregiverSince : null,
    candidates: canAssign ? await handCandidatesForRequest(request) : [],
    canAssign,
    canCancel: adminCanCancel(order.status),
    cancellation:
      order.status === "cancelled"
        ? { byRole: order.cancelledByRole, reason: order.cancelReason ?? "", at: order.cancelledAt }
        : null,
  };
}

/** Orders whose number matches exactly, for a search box that jumps straight to an order. */
export async function findOrderIdByNumber(actor: OrderReader, orderNumber: string): Promise<string | null> {
  actorAs(actor, "admin");
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`upper(${orders.orderNumber}) = upper(${orderNumber.trim()})`);
  return row?.id ?? null;
}
