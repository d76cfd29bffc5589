import { and, eq, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import { db, type Tx } from "~/platform/db/client.server";
import { orders, visitBackupOffers, visitEvents, visits } from "~/platform/db/schema";
import { offerVisitToBackups } from "./backup-offers.server";
import { getCareSettings } from "./care-settings.server";
import type { CareSettings } from "./care-settings";
import { sweepActions, sweepStartCutoff } from "./visit-alerts";
import { lockVisit, recordVisitEvent } from "./visit-events.server";
import { announceVisitAttention, loadVisitContext, notifyLate, notifyMissed } from "./visit-notifications.server";

// The late and missed visits sweep (docs/product-rules.md, "Visits"), run
// every minute by the visits.late-sweep job (visits.job.ts). Each candidate
// visit is handled in a transaction of its own under its row lock, and every
// step is stamped on the row (late_alerted_at, backup_offered_at, the
// 'missed' status) in that transaction, so a sweep run again, or two at once,
// alerts, offers and marks each visit once.

/** Orders whose visits still take place. */
export const ACTIVE_ORDER_STATUSES = ["confirmed", "in_progress"] as const;

/**
 * Scheduled visits of active orders that also meet `condition`: the candidates of a sweep
 * (visits_due_idx: scheduled visits by start). Each is then decided again under its lock.
 */
export async function scheduledVisitsWhere(condition: SQL | undefined): Promise<{ id: string }[]> {
  return db
    .select({ id: visits.id })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .where(and(eq(visits.status, "scheduled"), inArray(orders.status, [...ACTIVE_ORDER_STATUSES]), condition));
}

export type SweepResult = { lateAlerts: number; backupOffers: number; missed: number; failed: number };

/** Handles every visit due for a late alert, a backup offer or "missed" at `now`, under the settings in force. */
export async function sweepVisits({ now = new Date() }: { now?: Date } = {}): Promise<SweepResult> {
  const settings = await getCareSettings();
  const candidates = await scheduledVisitsWhere(
    and(
      isNull(visits.checkedInAt),
      lte(visits.startsAt, sweepStartCutoff(settings, now)),
      or(isNull(visits.lateAlertedAt), isNull(visits.backupOfferedAt), lte(visits.endsAt, now)),
    ),
  );
  const result: SweepResult = { lateAlerts: 0, backupOffers: 0, missed: 0, failed: 0 };
  for (const { id } of candidates) {
    try {
      const done = await sweepVisit(id, settings, now);
      if (done.includes("late_alert")) result.lateAlerts += 1;
      if (done.includes("backup_offer")) result.backupOffers += 1;
      if (done.includes("missed")) result.missed += 1;
    } catch (error) {
      // One visit that fails (a deleted account, a bug) must not stop the
      // others nor the next sweeps: it is logged and tried again next minute.
      result.failed += 1;
      console.error(`visits.late-sweep: visit ${id} failed`, error);
    }
  }
  return result;
}

async function sweepVisit(visitId: string, settings: CareSettings, now: Date) {
  return db.transaction(async (tx) => {
    const visit = await lockVisit(tx, visitId);
    const actions = sweepActions(visit, settings, now);
    if (actions.length === 0) return actions;
    // Whatever it did, the visit's place in the administrators' live queue changed.
    await announceVisitAttention(tx, visit.id);
    const system = { id: null, role: "system" as const };
    if (actions.includes("missed")) {
      await tx.update(visits).set({ status: "missed" }).where(eq(visits.id, visit.id));
      await tx
        .update(visitBackupOffers)
        .set({ status: "withdrawn", respondedAt: now })
        .where(and(eq(visitBackupOffers.visitId, visit.id), eq(visitBackupOffers.status, "offered")));
      await recordVisitEvent(tx, visit.id, { kind: "missed", actor: system, occurredAt: now });
      await notifyMissed(tx, await loadVisitContext(tx, visit), {
        tellCaregiver: !(await hasCancelled(tx, visit.id, visit.caregiverId)),
      });
      return actions;
    }
    const context = await loadVisitContext(tx, visit);
    if (actions.includes("late_alert")) {
      await tx.update(visits).set({ lateAlertedAt: now }).where(eq(visits.id, visit.id));
      await recordVisitEvent(tx, visit.id, {
        kind: "late_alert",
        actor: system,
        occurredAt: now,
        data: {
          caregiverId: visit.caregiverId,
          minutesLate: Math.floor((now.getTime() - visit.startsAt.getTime()) / 60_000),
        },
      });
      await notifyLate(tx, context, {
        backupMinutes: settings.backupOfferMinutes,
        tellCaregiver: !(await hasCancelled(tx, visit.id, visit.caregiverId)),
      });
    }
    if (actions.includes("backup_offer")) await offerVisitToBackups(tx, context, { now });
    return actions;
  });
}

/** Whether this caregiver already said they cannot make the visit (they are not told it is late, nor reminded of it). */
export async function hasCancelled(tx: Tx, visitId: string, caregiverId: string): Promise<boolean> {
  const [event] = await tx
    .select({ id: visitEvents.id })
    .from(visitEvents)
    .where(
      and(eq(visitEvents.visitId, visitId), eq(visitEvents.kind, "cancelled"), eq(visitEvents.actorId, caregiverId)),
    )
    .limit(1);
  return event !== undefined;
}
