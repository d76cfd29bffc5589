import { and, eq, lte } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db, type Tx } from "~/platform/db/client.server";
import { caregiverProfiles, orderOffers } from "~/platform/db/schema";
import type { MessageRef } from "~/i18n/message-keys";
import { AppError } from "~/utils/app-error";
import {
  type OrderActor,
  recordOrderEvent,
  applyTransition,
  type OrderRow,
  lockOrder,
  loadCareRequest,
} from "./order-transitions.server";
import { assertCanManage } from "~/features/family/public";
import { orderAccess } from "~/features/family/public.server";
import { createNextOffer, type NewOffer, closeOpenOffer } from "./next-offer.server";
import { confirmOrder } from "./confirm-order.server";
import { orderEventNote } from "./order-event-note";
import { NOT_FOUND_MESSAGE } from "./order-helpers";
import { notifyNoCaregiverYet, notifyOffer } from "./order-notifications.server";
import { markNeedsCaregiver } from "./needs-caregiver.server";
import { shortName } from "~/utils/person-name";
import { assertTrainingAllowsWork } from "~/features/training/public.server";
import { isOffDuring } from "~/features/matching/public.server";
import { assertCredentialsAllowWork } from "~/features/credentials/public.server";

// Offers: the family chooses a caregiver (or lets Tendly choose), the
// caregiver accepts or declines, an unanswered offer expires. A decline or an
// expired offer passes to the next match; when nobody is left the order waits
// (submitted) in the team's queue and the family is told (needs-caregiver.server.ts).
// An admin's offer by hand is assign-caregiver.server.ts,
// cancelling cancel-order.server.ts, the visit horizon visit-horizon.server.ts.

type Actor = Pick<CurrentUser, "id" | "roles">;

/**
 * After a decline or an expiry, inside the transaction: offers the next
 * match (and queues their email), or sends the order back to submitted, into
 * the team's queue, when nobody is left (the family is told).
 */
async function passToNextMatch(tx: Tx, order: OrderRow, actor: OrderActor, now: Date): Promise<NewOffer | null> {
  const next = await createNextOffer(tx, order, { now });
  if (next) {
    await recordOrderEvent(tx, order, {
      from: "offered",
      to: "offered",
      actor: { id: null, role: "system" },
      wording: { key: "offeredToNextMatch", values: { rank: next.rank } },
    });
    await notifyOffer(order, next, tx);
    return next;
  }
  const waiting = await applyTransition(tx, order, {
    to: "submitted",
    actor: actor.role === "caregiver" ? actor : { id: null, role: "system" },
    wording: orderEventNote("noCaregiverAvailable"),
    changes: { needsCaregiverSince: now },
  });
  await notifyNoCaregiverYet(waiting, tx);
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
}): Promise<{ status: "offered"; caregiverName: string } | { status: "submitted"; message: MessageRef }> {
  const client = actorAs(actor, "client");
  let offer: NewOffer | null = null;
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    assertCanManage(await orderAccess(client, locked.id, tx));
    if (locked.status !== "submitted") {
      throw new AppError("conflict", { key: "request:refusals.alreadyChosen" });
    }
    offer = await createNextOffer(tx, locked, { preferredCaregiverId: caregiverId, now });
    if (!offer) {
      if (caregiverId) {
        throw new AppError("conflict", { key: "request:refusals.caregiverUnavailable" });
      }
      // Nobody to let Tendly choose: the team looks (needs-caregiver.server.ts).
      await markNeedsCaregiver(tx, locked.id, now);
      return null;
    }
    const offered = await applyTransition(tx, locked, {
      to: "offered",
      actor: client,
      wording: orderEventNote(caregiverId ? "offeredToFamilysChoice" : "offeredToBestMatch"),
    });
    await notifyOffer(offered, offer, tx);
    return offered;
  });
  if (!order || !offer) {
    return { status: "submitted", message: { key: "request:refusals.noCaregiverYet" } };
  }
  const chosen: NewOffer = offer;
  const [caregiver] = await db
    .select({ firstName: caregiverProfiles.firstName, lastName: caregiverProfiles.lastName })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, chosen.caregiverId));
  return { status: "offered", caregiverName: caregiver ? shortName(caregiver.firstName, caregiver.lastName) : "" };
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
  if (!accept && declineReason.length < 3)
    throw new AppError("invalid", { key: "orders:refusals.declineReasonMissing" });

  const holdsOffer = async (order: OrderRow, tx: Tx) => {
    const [offer] = await tx
      .select({ id: orderOffers.id, offeredBy: orderOffers.offeredBy })
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
      throw new AppError("conflict", { key: "orders:refusals.offerNoLongerOpen" });
    }
    return offer;
  };

  if (accept) {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      const offer = await holdsOffer(order, tx);
      // Required training passed first (docs/product-rules.md, "Caregiver training").
      await assertTrainingAllowsWork(tx, caregiverId, now);
      // No required credential past its date (docs/product-rules.md, "Credentials that expire").
      await assertCredentialsAllowWork(tx, caregiverId, now);
      const request = await loadCareRequest(tx, order.careRequestId);
      await closeOpenOffer(tx, order.id, "accepted", null, caregiverId);
      await confirmOrder(tx, {
        order,
        request,
        caregiverId,
        actor: caregiver,
        wording: orderEventNote("acceptedByCaregiver"),
        // A caregiver the team found by hand (assign-caregiver.server.ts): the family reads it so.
        how: offer.offeredBy ? "assigned" : "accepted",
        now,
      });
      // Time off during a visit just booked refuses the whole acceptance (docs/product-rules.md, "Time off").
      if (await isOffDuring(tx, caregiverId, { orderId: order.id }))
        throw new AppError("conflict", { key: "orders:refusals.timeOff" });
    });
    return { status: "confirmed" };
  }

  await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    await holdsOffer(locked, tx);
    await closeOpenOffer(tx, locked.id, "declined", declineReason, caregiverId);
    await passToNextMatch(tx, locked, caregiver, now);
  });
  return { status: "declined" };
}

/** The offer-expiry job: an offer unanswered at its expiry passes to the next match. */
export async function expireOffer({ offerId, now = new Date() }: { offerId: string; now?: Date }): Promise<boolean> {
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
    await passToNextMatch(tx, order, { id: null, role: "system" }, now);
  });
  return expiredOrder !== null;
}
