import { and, asc, desc, eq, gt, inArray, isNull, lt, max, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actorAs } from "~/platform/auth/actor";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import {
  caregiverProfiles,
  careRequests,
  orderOffers,
  orders,
  reviews,
  sessions,
  signInAttempts,
  visitNotes,
  visits,
  type OrderStatus,
  type VisitStatus,
} from "~/platform/db/schema";
import type { ServiceId } from "~/utils/services";
import { shortName } from "~/utils/person-name";
import { isFamilyOrder } from "~/features/family/public.server";

// The family's dashboard (/dashboard): the next visit and who is coming, the
// visits ahead, requests still open, the caregivers' notes since the family
// last signed in, and what the quick actions point at. Only the family's own
// orders, visits and notes.

export type HomeActor = Pick<CurrentUser, "id" | "roles" | "email" | "sessionId">;

/** The caregiver coming to a visit (a backup caregiver when one took it over). */
export type VisitCaregiver = { slug: string; name: string; photoUrl: string | null };

export type HomeVisit = {
  id: string;
  orderId: string;
  orderNumber: string;
  startsAt: Date;
  endsAt: Date;
  status: VisitStatus;
  /** Where care happens: the visit's times read on this clock. */
  timeZone: string;
  caregiver: VisitCaregiver | null;
};

export type OpenRequest = {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  createdAt: Date;
  services: ServiceId[];
  /** "Jordan R.": who holds the open offer, while the order is offered. */
  offeredTo: string | null;
  /** Submitted and never offered, with caregivers to choose from: the family chooses (/request/thank-you). */
  awaitsChoice: boolean;
  /**
   * Submitted with nobody left to offer it to: the team looks for a caregiver, and the order's page says what the
   * family can change (features/orders/needs-caregiver.server.ts).
   */
  isWaitingForTeam: boolean;
};

export type HomeNote = {
  id: string;
  orderId: string;
  orderNumber: string;
  caregiverName: string;
  visitStartsAt: Date;
  timeZone: string;
  createdAt: Date;
  observations: string;
  meals: string;
  taskCount: number;
};

export type ClientHome = {
  /** No order at all yet: the page leads to a first request. */
  isFirstTime: boolean;
  nextVisit: HomeVisit | null;
  /** After the next visit: those of the coming 7 days, and at least the next 5. */
  upcomingVisits: HomeVisit[];
  openRequests: OpenRequest[];
  notes: HomeNote[];
  /** Where the notes start: the previous sign-in, or 7 days back when there is none on record. */
  notesSince: { at: Date; kind: "last-sign-in" | "last-7-days" };
  /** The newest order with a completed visit and no feedback yet (the Rate action). */
  orderToRate: { orderNumber: string } | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const UPCOMING_DAYS = 7;
const UPCOMING_AT_LEAST = 5;
const UPCOMING_AT_MOST = 14;
const NOTES_SHOWN = 5;
/** The current sign-in is recorded just after its session: older ones start this much before it. */
const SIGN_IN_MARGIN_MS = 60 * 1000;

/**
 * When the family signed in before this session: the newest successful
 * sign-in (sign_in_attempts) or other session that started before it. Null
 * when there is none on record (a first sign-in, or attempts since purged).
 * One statement, where it was three in turn: the session's start, and the newest of each kind before it
 * (greatest() passes over a null).
 */
async function previousSignIn(actor: HomeActor): Promise<Date | null> {
  const current = alias(sessions, "current_session");
  const before = sql`${current.createdAt} - make_interval(secs => ${SIGN_IN_MARGIN_MS / 1000})`;
  const attempt = db
    .select({ at: max(signInAttempts.createdAt) })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, actor.email.toLowerCase()),
        eq(signInAttempts.succeeded, true),
        lt(signInAttempts.createdAt, before),
      ),
    );
  const other = db
    .select({ at: max(sessions.createdAt) })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), ne(sessions.id, actor.sessionId), lt(sessions.createdAt, before)));
  const [row] = await db
    .select({ at: sql<Date | null>`greatest((${attempt}), (${other}))`.mapWith(sessions.createdAt) })
    .from(current)
    .where(and(eq(current.id, actor.sessionId), eq(current.userId, actor.id)));
  return row?.at ?? null;
}

/** After the next visit: those starting within 7 days, at least 5 when there are, at most 14. */
export function upcomingAfterNext<V extends { startsAt: Date }>(rest: V[], now: Date): V[] {
  const horizon = now.getTime() + UPCOMING_DAYS * DAY_MS;
  const soon = rest.filter((visit) => visit.startsAt.getTime() < horizon);
  return (soon.length >= UPCOMING_AT_LEAST ? soon : rest.slice(0, UPCOMING_AT_LEAST)).slice(0, UPCOMING_AT_MOST);
}

export async function getClientHome({
  actor,
  now = new Date(),
}: {
  actor: HomeActor;
  now?: Date;
}): Promise<ClientHome> {
  const client = actorAs(actor, "client");
  // The family's own orders and those of the people whose circle they manage or follow
  // (docs/decisions/0050-family-circle.md); rating stays the holder's.
  const ours = isFamilyOrder(client.id);
  const orderRows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      needsCaregiverSince: orders.needsCaregiverSince,
      services: careRequests.services,
    })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(ours)
    .orderBy(desc(orders.createdAt));
  const since = await previousSignIn(actor);
  const notesSince = since
    ? { at: since, kind: "last-sign-in" as const }
    : { at: new Date(now.getTime() - UPCOMING_DAYS * DAY_MS), kind: "last-7-days" as const };
  if (orderRows.length === 0) {
    return {
      isFirstTime: true,
      nextVisit: null,
      upcomingVisits: [],
      openRequests: [],
      notes: [],
      notesSince,
      orderToRate: null,
    };
  }
  const orderIds = orderRows.map((order) => order.id);

  const visitRows = await db
    .select({
      id: visits.id,
      orderId: visits.orderId,
      orderNumber: orders.orderNumber,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      status: visits.status,
      timeZone: careRequests.timeZone,
      slug: caregiverProfiles.slug,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
      photoUrl: caregiverProfiles.profilePhotoUrl,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, visits.caregiverId))
    .where(
      and(
        ours,
        inArray(orders.status, ["confirmed", "in_progress"]),
        inArray(visits.status, ["scheduled", "checked_in"]),
        gt(visits.endsAt, now),
      ),
    )
    .orderBy(asc(visits.startsAt))
    .limit(UPCOMING_AT_MOST + 1);
  const homeVisits = visitRows.map(({ slug, firstName, lastName, photoUrl, ...visit }): HomeVisit => ({
    ...visit,
    caregiver: { slug, name: shortName(firstName, lastName), photoUrl },
  }));
  const [nextVisit = null, ...rest] = homeVisits;

  const open = orderRows.filter((order) => order.status === "submitted" || order.status === "offered");
  const offerRows = open.length
    ? await db
        .select({
          orderId: orderOffers.orderId,
          status: orderOffers.status,
          firstName: caregiverProfiles.firstName,
          lastName: caregiverProfiles.lastName,
        })
        .from(orderOffers)
        .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, orderOffers.caregiverId))
        .where(
          inArray(
            orderOffers.orderId,
            open.map((order) => order.id),
          ),
        )
    : [];
  const openRequests = open.map((order): OpenRequest => {
    const offers = offerRows.filter((offer) => offer.orderId === order.id);
    const current = offers.find((offer) => offer.status === "offered");
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      createdAt: order.createdAt,
      services: order.services as ServiceId[],
      offeredTo: order.status === "offered" && current ? shortName(current.firstName, current.lastName) : null,
      awaitsChoice: order.status === "submitted" && offers.length === 0 && !order.needsCaregiverSince,
      isWaitingForTeam: order.status === "submitted" && (offers.length > 0 || order.needsCaregiverSince !== null),
    };
  });

  const noteRows = await db
    .select({
      id: visitNotes.id,
      orderId: visits.orderId,
      orderNumber: orders.orderNumber,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
      visitStartsAt: visits.startsAt,
      timeZone: careRequests.timeZone,
      createdAt: visitNotes.createdAt,
      observations: visitNotes.observations,
      meals: visitNotes.meals,
      tasks: visitNotes.tasks,
    })
    .from(visitNotes)
    .innerJoin(visits, eq(visits.id, visitNotes.visitId))
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, visitNotes.caregiverId))
    .where(and(inArray(visits.orderId, orderIds), ours, gt(visitNotes.createdAt, notesSince.at)))
    .orderBy(desc(visitNotes.createdAt))
    .limit(NOTES_SHOWN);
  const notes = noteRows.map(({ firstName, lastName, tasks, ...note }): HomeNote => ({
    ...note,
    caregiverName: shortName(firstName, lastName),
    taskCount: Array.isArray(tasks) ? tasks.length : 0,
  }));

  const [toRate] = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .innerJoin(visits, and(eq(visits.orderId, orders.id), eq(visits.status, "completed")))
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(and(eq(orders.clientId, client.id), isNull(reviews.id)))
    .groupBy(orders.id, orders.orderNumber)
    .orderBy(desc(sql`max(${visits.endsAt})`))
    .limit(1);

  return {
    isFirstTime: false,
    nextVisit,
    upcomingVisits: upcomingAfterNext(rest, now),
    openRequests,
    notes,
    notesSince,
    orderToRate: toRate ?? null,
  };
}
