import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { actorAs } from "~/auth/actor";
import { recordSecurityEvent } from "~/auth/security-events.server";
import type { CurrentUser } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { caregiverProfiles, careRequests, orderOffers, orders, visits } from "~/db/schema";
import { caregiverConfirmedEmail, offerEmail, orderCancelledEmail } from "~/email/templates/care-emails";
import { AppError } from "~/utils/app-error";
import {
  closeOpenOffer,
  emailUser,
  orderUrl,
  createNextOffer,
  displayName,
  isOrderId,
  loadCareRequest,
  lockOrder,
  matchesForRequest,
  NOT_FOUND_MESSAGE,
  recordOrderEvent,
  scheduleVisits,
  transitionOrder,
  type NewOffer,
  type OrderActor,
  type OrderRow,
  type Tx,
} from "./order-core.server";

// Offers and the moves people make on an order: the family chooses a
// caregiver (or lets Tendly choose), the caregiver accepts or declines, an
// admin assigns by hand, the family or an admin cancels. A decline or an
// expired offer passes to the next match; when nobody is left the order waits
// (submitted) for an admin.

type Actor = Pick<CurrentUser, "id" | "roles">;

const NO_CAREGIVER_NOTE = "No other caregiver is available for this schedule; the Tendly team will assign one.";

function formatInZone(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
}

async function notifyOffer(order: OrderRow, offer: NewOffer) {
  const [request] = await db
    .select({
      city: careRequests.city,
      state: careRequests.state,
      zip: careRequests.zipCode,
      zone: careRequests.timeZone,
    })
    .from(careRequests)
    .where(eq(careRequests.id, order.careRequestId));
  if (!request) return;
  await emailUser(offer.caregiverId, (firstName) =>
    offerEmail({
      firstName,
      orderNumber: order.orderNumber,
      area: [request.city, [request.state, request.zip].filter(Boolean).join(" ")].filter(Boolean).join(", "),
      expiresAt: formatInZone(offer.expiresAt, request.zone),
      url: orderUrl(`/caregiver/orders/${order.id}`),
    }),
  );
}

async function notifyConfirmed(order: OrderRow) {
  if (!order.caregiverId) return;
  const [caregiver] = await db
    .select({ firstName: caregiverProfiles.firstName, lastName: caregiverProfiles.lastName })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, order.caregiverId));
  const [first] = await db
    .select({ startsAt: visits.startsAt })
    .from(visits)
    .where(and(eq(visits.orderId, order.id), eq(visits.status, "scheduled")))
    .orderBy(asc(visits.startsAt))
    .limit(1);
  const request = await loadCareRequest(db, order.careRequestId);
  if (!caregiver) return;
  await emailUser(order.clientId, (firstName) =>
    caregiverConfirmedEmail({
      firstName,
      orderNumber: order.orderNumber,
      caregiverName: displayName(caregiver.firstName, caregiver.lastName),
      firstVisit: first ? formatInZone(first.startsAt, request.timeZone) : null,
      url: orderUrl(`/dashboard/appointments/order/${order.id}`),
    }),
  );
}

/**
 * After a decline or an expiry, inside the transaction: offers the next
 * match, or sends the order back to submitted when nobody is left.
 */
async function passToNextMatch(tx: Tx, order: OrderRow, actor: OrderActor, now: Date): Promise<NewOffer | null> {
  const next = await createNextOffer(tx, order, { now });
  if (next) {
    await recordOrderEvent(tx, order, {
      from: "offered",
      to: "offered",
      actor: { id: null, role: "system" },
      note: `Offered to the next match (offer ${next.rank})`,
    });
    return next;
  }
  await transitionOrder(
    {
      orderId: order.id,
      to: "submitted",
      actor: actor.role === "caregiver" ? actor : { id: null, role: "system" },
      note: NO_CAREGIVER_NOTE,
    },
    tx,
  );
  return null;
}

/**
 * The family picks a caregiver from the matches, or lets Tendly choose the
 * best one (caregiverId null). The order becomes offered. A caregiver who is
 * no longer eligible is refused with a message.
 */
export async function chooseCaregiver({
  actor,
  orderId,
  caregiverId,
  now = new Date(),
}: {
  actor: Actor;
  orderId: string;
  caregiverId: string | null;
  now?: Date;
}): Promise<{ status: "offered"; caregiverName: string } | { status: "submitted"; message: string }> {
  const client = actorAs(actor, "client");
  let offer: NewOffer | null = null;
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (locked.clientId !== client.id) throw new AppError("not_found", NOT_FOUND_MESSAGE);
    if (locked.status !== "submitted") {
      throw new AppError("conflict", "A caregiver has already been chosen for this order.");
    }
    offer = await createNextOffer(tx, locked, { preferredCaregiverId: caregiverId, now });
    if (!offer) {
      if (caregiverId) {
        throw new AppError(
          "conflict",
          "This caregiver is no longer available for your schedule. Choose another or let Tendly choose.",
        );
      }
      return null;
    }
    return transitionOrder(
      {
        orderId,
        to: "offered",
        actor: client,
        note: caregiverId ? "Offered to the family's choice" : "Offered to the best match",
      },
      tx,
    );
  });
  if (!order || !offer) {
    return {
      status: "submitted",
      message: "No caregiver is available for this schedule yet. The Tendly team will find one and let you know.",
    };
  }
  const chosen: NewOffer = offer;
  await notifyOffer(order, chosen);
  const [caregiver] = await db
    .select({ firstName: caregiverProfiles.firstName, lastName: caregiverProfiles.lastName })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, chosen.caregiverId));
  return { status: "offered", caregiverName: caregiver ? displayName(caregiver.firstName, caregiver.lastName) : "" };
}

/** The caregiver accepts (the order is confirmed and its visits booked) or declines with a reason. */
export async function respondToOffer({
  actor,
  orderId,
  accept,
  reason,
  now = new Date(),
}: {
  actor: Actor;
  orderId: string;
  accept: boolean;
  reason?: string;
  now?: Date;
}): Promise<{ status: "confirmed" | "declined" }> {
  const caregiver = actorAs(actor, "caregiver");
  const caregiverId = caregiver.id!;
  const declineReason = reason?.trim() ?? "";
  if (!accept && declineReason.length < 3) throw new AppError("invalid", "Please give a reason for declining.");

  const holdsOffer = async (order: OrderRow, tx: Tx) => {
    const [offer] = await tx
      .select({ id: orderOffers.id })
      .from(orderOffers)
      .where(
        and(
          eq(orderOffers.orderId, order.id),
          eq(orderOffers.caregiverId, caregiverId),
          eq(orderOffers.status, "offered"),
        ),
      );
    if (!offer) {
      const [any] = await tx
        .select({ id: orderOffers.id })
        .from(orderOffers)
        .where(and(eq(orderOffers.orderId, order.id), eq(orderOffers.caregiverId, caregiverId)));
      if (!any) throw new AppError("not_found", NOT_FOUND_MESSAGE);
      throw new AppError("conflict", "This offer is no longer open.");
    }
  };

  if (accept) {
    const order = await transitionOrder({
      orderId,
      to: "confirmed",
      actor: caregiver,
      note: "Accepted by the caregiver",
      check: holdsOffer,
      changes: () => ({ caregiverId, confirmedAt: now }),
      after: async (confirmed, tx) => {
        await closeOpenOffer(tx, confirmed.id, "accepted", null, caregiverId);
        await scheduleVisits(tx, confirmed, caregiverId, { onClash: "refuse", now });
      },
    });
    await notifyConfirmed(order);
    return { status: "confirmed" };
  }

  let next: NewOffer | null = null;
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    await holdsOffer(locked, tx);
    await closeOpenOffer(tx, locked.id, "declined", declineReason, caregiverId);
    next = await passToNextMatch(tx, locked, caregiver, now);
    return locked;
  });
  if (next) await notifyOffer(order, next);
  return { status: "declined" };
}

/** The offer-expiry job: an offer unanswered at its expiry passes to the next match. */
export async function expireOffer({ offerId, now = new Date() }: { offerId: string; now?: Date }): Promise<boolean> {
  let next: NewOffer | null = null;
  let expiredOrder: OrderRow | null = null;
  await db.transaction(async (tx) => {
    const [offer] = await tx.select().from(orderOffers).where(eq(orderOffers.id, offerId));
    if (!offer || offer.status !== "offered") return;
    const order = await lockOrder(tx, offer.orderId);
    const [still] = await tx
      .update(orderOffers)
      .set({ status: "expired", reason: "No answer within 24 hours", respondedAt: now })
      .where(and(eq(orderOffers.id, offerId), eq(orderOffers.status, "offered"), lte(orderOffers.expiresAt, now)))
      .returning({ id: orderOffers.id });
    if (!still) return;
    expiredOrder = order;
    next = await passToNextMatch(tx, order, { id: null, role: "system" }, now);
  });
  if (expiredOrder && next) await notifyOffer(expiredOrder, next);
  return expiredOrder !== null;
}

/** An admin assigns a caregiver by hand: the order is confirmed with them if they pass the hard filters. */
export async function assignCaregiver({
  actor,
  orderId,
  caregiverId,
  request,
  now = new Date(),
}: {
  actor: Actor;
  orderId: string;
  caregiverId: string;
  /** The admin's page request, for the audit event. */
  request?: Request;
  now?: Date;
}): Promise<void> {
  const admin = actorAs(actor, "admin");
  const order = await transitionOrder({
    orderId,
    to: "confirmed",
    actor: admin,
    note: "Assigned by an administrator",
    check: async (locked, tx) => {
      const careRequest = await loadCareRequest(tx, locked.careRequestId);
      const [eligible] = await matchesForRequest(careRequest, { onlyCaregiverId: caregiverId, now }, tx);
      if (!eligible) {
        throw new AppError(
          "conflict",
          "This caregiver does not fit this request (services, area, availability or other bookings).",
        );
      }
    },
    changes: () => ({ caregiverId, confirmedAt: now }),
    after: async (confirmed, tx) => {
      await closeOpenOffer(tx, confirmed.id, "withdrawn", "Assigned to another caregiver by an administrator");
      const [previous] = await tx
        .select({ rank: sql<number>`coalesce(max(${orderOffers.rank}), 0)::int` })
        .from(orderOffers)
        .where(eq(orderOffers.orderId, confirmed.id));
      await tx.insert(orderOffers).values({
        orderId: confirmed.id,
        caregiverId,
        rank: (previous?.rank ?? 0) + 1,
        status: "accepted",
        reason: "Assigned by an administrator",
        offeredAt: now,
        expiresAt: now,
        respondedAt: now,
      });
      await scheduleVisits(tx, confirmed, caregiverId, { onClash: "refuse", now });
    },
  });
  await recordSecurityEvent({
    type: "order_assigned",
    userId: admin.id,
    category: "admin",
    request,
    metadata: { orderId: order.id, orderNumber: order.orderNumber, caregiverId },
  });
  await notifyConfirmed(order);
}

/** The family (while allowed) or an admin cancels, with a reason; open offers and upcoming visits go too. */
export async function cancelOrder({
  actor,
  orderId,
  reason,
  as,
  request,
  now = new Date(),
}: {
  actor: Actor;
  orderId: string;
  reason: string;
  /** The page request, for the audit event of an admin's cancellation. */
  request?: Request;
  /** Which of the actor's roles acts; by default the family for their own order, else an admin. */
  as?: "client" | "admin";
  now?: Date;
}): Promise<void> {
  let role = as;
  if (!role && isOrderId(orderId)) {
    const [owned] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.clientId, actor.id)));
    role = owned || !actor.roles.includes("admin") ? "client" : "admin";
  }
  const who = actorAs(actor, role ?? "client");
  const why = reason.trim();
  if (why.length < 3) throw new AppError("invalid", "Please give a reason for cancelling.");
  if (why.length > 1000) throw new AppError("invalid", "Keep the reason under 1,000 characters.");
  const order = await transitionOrder({
    orderId,
    to: "cancelled",
    actor: who,
    note: why,
    changes: () => ({ cancelledBy: who.id, cancelledByRole: who.role, cancelReason: why, cancelledAt: now }),
    after: async (cancelled, tx) => {
      await closeOpenOffer(tx, cancelled.id, "withdrawn", "The order was cancelled");
      await tx
        .update(visits)
        .set({ status: "cancelled" })
        .where(and(eq(visits.orderId, cancelled.id), eq(visits.status, "scheduled"), gt(visits.startsAt, now)));
    },
  });
  if (who.role === "admin") {
    await recordSecurityEvent({
      type: "order_cancelled_by_admin",
      userId: who.id,
      category: "admin",
      request,
      metadata: { orderId: order.id, orderNumber: order.orderNumber, reason: why },
    });
  }
  const byWhom = who.role === "admin" ? "the Tendly team" : "the family";
  const recipients = [
    { id: order.clientId, path: `/dashboard/appointments/order/${order.id}` },
    ...(order.caregiverId ? [{ id: order.caregiverId, path: `/caregiver/orders/${order.id}` }] : []),
  ];
  for (const recipient of recipients) {
    await emailUser(recipient.id, (firstName) =>
      orderCancelledEmail({
        firstName,
        orderNumber: order.orderNumber,
        byWhom,
        reason: why,
        url: orderUrl(recipient.path),
      }),
    );
  }
}

/** Orders whose caregiver is confirmed, for the visit-horizon job. */
export async function extendVisitHorizons(now: Date = new Date()): Promise<number> {
  const active = await db
    .select({ id: orders.id, careRequestId: orders.careRequestId, caregiverId: orders.caregiverId })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(and(inArray(orders.status, ["confirmed", "in_progress"]), eq(careRequests.scheduleType, "recurring")));
  let created = 0;
  for (const order of active) {
    if (!order.caregiverId) continue;
    const caregiverId = order.caregiverId;
    created += await db.transaction((tx) => scheduleVisits(tx, order, caregiverId, { onClash: "skip", now }));
  }
  return created;
}
