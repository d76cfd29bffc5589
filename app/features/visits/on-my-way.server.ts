import { and, eq } from "drizzle-orm";
import { db, type Tx } from "~/platform/db/client.server";
import { caregiverProfiles, visitArrivals, visits } from "~/platform/db/schema";
import { shortName } from "~/utils/person-name";
import { lockOrder } from "~/features/orders/public.server";
import { canFollow } from "~/features/family/public";
import { familyRecipientsOfOrder } from "~/features/family/public.server";
import { publishRealtime } from "~/platform/realtime/publish.server";
import { AppError } from "~/utils/app-error";
import { lockVisit } from "./visit-events.server";
import { loadVisitContext, notifyVisitFamily } from "./visit-notifications.server";
import { arrivalTime, canSayOnMyWay, type OnMyWayInput } from "./on-my-way";
import { isUuid } from "./visit-rules";

// "On my way" (docs/product-rules.md, "On my way"; docs/decisions/0046-on-my-way.md): the visit's caregiver
// says they are coming and about when; the family is told in a notification and their open order page
// follows live. Stored in visit_arrivals only: the EVV record (the visit's check times, visit_events) is
// not touched, and no location is asked or kept.

export type OnMyWayResult = { visitId: string; orderId: string; arrivesAt: Date };

/** Records (or moves) the caregiver's announced arrival at their own visit, and tells the family. */
export async function sayOnMyWay(input: {
  actor: { id: string };
  visitId: string;
  arrival: OnMyWayInput;
  /** The server's clock (tests). */
  now?: Date;
}): Promise<OnMyWayResult> {
  if (!isUuid(input.visitId)) throw new AppError("not_found", { key: "visits:refusal.notFound" });
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ orderId: visits.orderId }).from(visits).where(eq(visits.id, input.visitId));
    if (!found) throw new AppError("not_found", { key: "visits:refusal.notFound" });
    // Order first, then visit: the order locks come in that order everywhere.
    const order = await lockOrder(tx, found.orderId);
    const visit = await lockVisit(tx, input.visitId);
    if (visit.caregiverId !== input.actor.id) throw new AppError("not_found", { key: "visits:refusal.notFound" });
    if (!canSayOnMyWay(visit, now)) {
      const reason = visit.status === "checked_in" || visit.status === "completed" ? "checked-in" : "not-now";
      throw new AppError("conflict", { key: `visits:onMyWay.refusal.${reason}` }, { reason });
    }
    const context = await loadVisitContext(tx, visit);
    const arrival = arrivalTime(input.arrival, context.timeZone, now);
    if ("refusal" in arrival) {
      throw new AppError(
        "invalid",
        { key: `visits:onMyWay.refusal.${arrival.refusal}` },
        { field: "time", reason: arrival.refusal },
      );
    }
    const { arrivesAt } = arrival;
    await tx
      .insert(visitArrivals)
      .values({ visitId: visit.id, caregiverId: visit.caregiverId, arrivesAt, announcedAt: now })
      .onConflictDoUpdate({
        target: visitArrivals.visitId,
        set: { caregiverId: visit.caregiverId, arrivesAt, announcedAt: now },
      });
    // One notification per visit: a second press moves its time and brings it to the top (same title).
    await notifyVisitFamily(tx, context, {
      type: "schedule",
      subtype: "caregiver_on_the_way",
      key: "caregiverOnTheWay",
      times: { arrival: { at: arrivesAt.toISOString(), timeZone: context.timeZone } },
      metadata: { visitId: visit.id },
    });
    await announceVisitChange(tx, { orderId: order.id, visitId: visit.id });
    return { visitId: visit.id, orderId: order.id, arrivesAt };
  });
}

/**
 * Tells the open pages of everyone in the family who may open the order (the holder, manage and follow members;
 * docs/product-rules.md, "Family circle") that one of its visits changed: the order page reloads its data.
 */
export async function announceVisitChange(tx: Tx, change: { orderId: string; visitId: string }): Promise<void> {
  const readers = (await familyRecipientsOfOrder(tx, change.orderId)).filter((person) => canFollow(person.access));
  await publishRealtime(
    tx,
    readers.map((person) => person.userId),
    "visit-update",
    change,
  );
}

export type VisitOnTheWay = { visitId: string; caregiverName: string; arrivesAt: Date; announcedAt: Date };

/**
 * The order's visits whose caregiver is on the way and not yet checked in (the family's order page); the
 * caller has checked the reader's right to the order.
 */
export async function listOnTheWay(orderId: string): Promise<VisitOnTheWay[]> {
  const rows = await db
    .select({
      visitId: visitArrivals.visitId,
      arrivesAt: visitArrivals.arrivesAt,
      announcedAt: visitArrivals.announcedAt,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
    })
    .from(visitArrivals)
    .innerJoin(visits, eq(visits.id, visitArrivals.visitId))
    .innerJoin(caregiverProfiles, eq(caregiverProfiles.userId, visitArrivals.caregiverId))
    .where(
      and(
        eq(visits.orderId, orderId),
        // Once checked in, the check-in says it (and a missed or cancelled visit is no longer awaited).
        eq(visits.status, "scheduled"),
        // A visit handed to a backup since: the word was the other caregiver's.
        eq(visits.caregiverId, visitArrivals.caregiverId),
      ),
    )
    .orderBy(visitArrivals.arrivesAt);
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, caregiverName: shortName(firstName, lastName) }));
}
