import { and, eq } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db, type Tx } from "~/platform/db/client.server";
import { orders, visitEvents } from "~/platform/db/schema";
import { publish } from "~/platform/events/domain-events.server";
import type { OrderReader } from "~/features/orders/public.server";
import { AppError } from "~/utils/app-error";
import { offerVisitToBackups } from "./backup-offers.server";
import { getCareSettings } from "./care-settings.server";
import type { CareSettings } from "./care-settings";
import { canCaregiverCancel, isLateCancellation } from "./visit-alerts";
import { lockVisit, recordVisitEvent, type VisitRow } from "./visit-events.server";
import { announceVisitAttention, loadVisitContext, notifyCaregiverCancelled } from "./visit-notifications.server";

// A caregiver who cannot make one of their visits (docs/product-rules.md,
// "Visits"). The visit must still be covered, so it is not cancelled: it stays
// 'scheduled' with this caregiver until a backup caregiver accepts it
// (acceptBackupOffer moves it to them); if nobody has by the start, the late
// alert and "missed" follow from the sweep as for any visit not checked in
// (the backups were already asked, so the sweep asks nobody new). Status 'cancelled' is for visits the family or an
// admin cancel. Less than care_settings.late_cancel_hours before the start
// it is a late cancellation: recorded as such ('cancelled' event with
// { late: true }) and said so to the admins.

export type CancelledVisit = { visitId: string; isLate: boolean; backupsOffered: number };

export async function cancelVisit({
  actor,
  visitId,
  reason,
  now = new Date(),
}: {
  actor: OrderReader;
  visitId: string;
  reason: string;
  now?: Date;
}): Promise<CancelledVisit> {
  const caregiver = actorAs(actor, "caregiver");
  const why = reason.trim();
  if (!why) throw new AppError("invalid", { key: "alerts:refusals.reasonNeeded" }, { field: "reason" });
  if (why.length > 500) throw new AppError("invalid", { key: "alerts:refusals.reasonTooLong" }, { field: "reason" });
  const settings = await getCareSettings();
  return db.transaction(async (tx) => {
    const visit = await lockVisit(tx, visitId);
    if (visit.caregiverId !== caregiver.id) throw new AppError("not_found", { key: "visits:refusal.notYours" });
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, visit.orderId));
    const isActive = order?.status === "confirmed" || order?.status === "in_progress";
    if (!isActive || !canCaregiverCancel(visit, now))
      throw new AppError("conflict", { key: "alerts:refusals.cannotCancel" });
    const [earlier] = await tx
      .select({ id: visitEvents.id })
      .from(visitEvents)
      .where(
        and(
          eq(visitEvents.visitId, visit.id),
          eq(visitEvents.kind, "cancelled"),
          eq(visitEvents.actorId, caregiver.id),
        ),
      )
      .limit(1);
    if (earlier) throw new AppError("conflict", { key: "alerts:refusals.alreadyCancelled" });

    return handOverVisit(tx, { caregiverId: caregiver.id, visit, reason: why, settings, now });
  });
}

/**
 * Hands the locked visit over as a caregiver who cannot make it does: the 'cancelled' event (late when less
 * than care_settings.late_cancel_hours ahead), the family and the admins told, then the backup flow, which falls
 * to the admins' queue when nobody is free (offerVisitToBackups). In the caller's transaction; the caller has
 * checked that the visit is this caregiver's and can still be handed over. Time off hands over with it too
 * (time-off.server.ts), the family told of the notice given.
 */
export async function handOverVisit(
  tx: Tx,
  handover: {
    caregiverId: string;
    visit: VisitRow;
    /** What the caregiver wrote; null for time off with no reason written, stored as its code and worded by each reader. */
    reason: string | null;
    settings: CareSettings;
    now: Date;
    timeOff?: { timeOffId: string };
    /** A family's move the caregiver declined or left unanswered (visit-moves.server.ts): never a late cancellation. */
    move?: { moveId: string; status: "declined" | "expired" };
  },
): Promise<CancelledVisit> {
  const { caregiverId, visit, reason, settings, now, timeOff, move } = handover;
  // The family asked for the change: no late cancellation, so no credit (docs/product-rules.md, "Moving a visit").
  const isLate = !move && isLateCancellation(visit.startsAt, settings, now);
  await recordVisitEvent(tx, visit.id, {
    kind: "cancelled",
    actor: { id: caregiverId, role: "caregiver" },
    occurredAt: now,
    reason,
    data: {
      late: isLate,
      caregiverId,
      byCaregiver: true,
      ...(timeOff ? { timeOffId: timeOff.timeOffId } : {}),
      ...(reason === null ? { reasonCode: "time_off" } : {}),
      ...move,
    },
  });
  const context = await loadVisitContext(tx, visit);
  // Billing credits the family for a late one, once per visit (app/event-handlers.server.ts).
  await publish(tx, {
    type: "visit.cancelled_by_caregiver",
    isLate,
    clientId: context.clientId,
    visit: { id: visit.id, startsAt: visit.startsAt },
    orderNumber: context.orderNumber,
    timeZone: context.timeZone,
  });
  await notifyCaregiverCancelled(tx, context, {
    reason,
    isLate,
    lateCancelHours: settings.lateCancelHours,
    ...(move ? { move: move.status } : {}),
    ...(timeOff
      ? { noticeHours: Math.max(0, Math.floor((visit.startsAt.getTime() - now.getTime()) / 3_600_000)) }
      : {}),
  });
  // The same backup flow as a late visit, at once (its 'backup_offered' event and emails).
  const offered = await offerVisitToBackups(tx, context, { now });
  await announceVisitAttention(tx, visit.id);
  return { visitId: visit.id, isLate, backupsOffered: offered.length };
}
