import { and, asc, eq, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { recordAuditEventIn } from "~/platform/auth/security-events.server";
import { db, type Tx } from "~/platform/db/client.server";
import { caregiverProfiles, caregiverTimeOff } from "~/platform/db/schema";
import { timeOffDuring } from "~/features/matching/public.server";
import type { OrderReader } from "~/features/orders/public.server";
import { AppError } from "~/utils/app-error";
import { localDateIn } from "~/utils/datetime";
import { handOverVisit } from "./cancel-visit.server";
import { getCareSettings } from "./care-settings.server";
import type { CareSettings } from "./care-settings";
import { caregiverHomeZone } from "./caregiver-visits.server";
import { blockedRanges, multirangeText, timeOffProblem, type TimeOffDays, type TimeOffKind } from "./time-off";
import { canCaregiverCancel } from "./visit-alerts";
import { lockVisit, type VisitRow } from "./visit-events.server";

// A caregiver's time off (docs/product-rules.md, "Time off"; docs/decisions/0048-time-off.md): the list, a new
// block (first showing the visits it would hand over, then, confirmed, handing each over as a caregiver who
// cannot make it does: backups first, then the admins' queue), and removing an upcoming block. A block and its
// handovers commit together or not at all.

export type TimeOffBlock = TimeOffDays & { id: string; reason: string | null };

export type TimeOffPage = {
  timeZone: string;
  today: string;
  upcoming: TimeOffBlock[];
  past: TimeOffBlock[];
};

export async function listTimeOff(actor: OrderReader, now = new Date()): Promise<TimeOffPage> {
  const caregiver = actorAs(actor, "caregiver");
  return timeOffPageOf(caregiver.id, await caregiverHomeZone(actor), now);
}

/** An admin's view of a caregiver's time off (/admin/caregivers/:id), on the caregiver's clock. */
export async function listTimeOffForAdmin({
  actor,
  caregiverId,
  now = new Date(),
}: {
  actor: OrderReader;
  caregiverId: string;
  now?: Date;
}): Promise<TimeOffPage> {
  actorAs(actor, "admin");
  const timeZone = await caregiverHomeZone({ id: caregiverId, roles: ["caregiver"] });
  return timeOffPageOf(caregiverId, timeZone, now);
}

async function timeOffPageOf(caregiverId: string, timeZone: string, now: Date): Promise<TimeOffPage> {
  const today = localDateIn(timeZone, now);
  const rows = await db
    .select({
      id: caregiverTimeOff.id,
      kind: caregiverTimeOff.kind,
      startDate: caregiverTimeOff.startDate,
      endDate: caregiverTimeOff.endDate,
      weekday: caregiverTimeOff.weekday,
      reason: caregiverTimeOff.reason,
    })
    .from(caregiverTimeOff)
    .where(eq(caregiverTimeOff.caregiverId, caregiverId))
    .orderBy(asc(caregiverTimeOff.startDate), asc(caregiverTimeOff.createdAt));
  return {
    timeZone,
    today,
    upcoming: rows.filter((row) => row.endDate >= today),
    // The latest first.
    past: rows.filter((row) => row.endDate < today).toReversed(),
  };
}

/** A visit a new block would hand over: when, on the clock where care happens. */
export type VisitToHandOver = { visitId: string; startsAt: Date; endsAt: Date; timeZone: string };

export type AddTimeOffResult =
  | { status: "confirm"; visits: VisitToHandOver[] }
  | { status: "added"; timeOffId: string; handedOver: number; late: number; backupsOffered: number };

/** The caregiver's visits still to come, on active orders, that the blocked instants overlap. */
async function visitsInside(tx: Tx, caregiverId: string, blocked: string, now: Date): Promise<VisitToHandOver[]> {
  const { rows } = await tx.execute<{ id: string; starts_at: string; ends_at: string; time_zone: string }>(sql`
    select v.id, v.starts_at, v.ends_at, cr.time_zone
    from visits v
    join orders o on o.id = v.order_id
    join care_requests cr on cr.id = o.care_request_id
    where v.caregiver_id = ${caregiverId} and v.status = 'scheduled' and v.checked_in_at is null
      and v.ends_at > ${now.toISOString()}::timestamptz
      and o.status in ('confirmed', 'in_progress')
      and tstzrange(v.starts_at, v.ends_at) && ${blocked}::tstzmultirange
      -- Already handed over (the caregiver said they cannot make it): a backup is being found.
      and not exists (
        select 1 from visit_events e
        where e.visit_id = v.id and e.kind = 'cancelled' and e.actor_id = ${caregiverId}
      )
    order by v.starts_at
  `);
  return rows.map((row) => ({
    visitId: row.id,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    timeZone: row.time_zone,
  }));
}

/**
 * One change to a caregiver's time off, or to the visits it covers, at a time: two tabs cannot each hand over half,
 * and a block saved while the horizon books visits sees them, or the horizon sees the block (the caregiver's row,
 * locked until the transaction ends).
 */
async function lockTimeOff(tx: Tx, caregiverId: string): Promise<void> {
  await tx
    .select({ id: caregiverProfiles.userId })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiverId))
    .for("update");
}

/**
 * The locked visit handed over for the block `timeOffId`, with the caregiver's private reason, or none (null): each
 * reader is then told "time off" in their own language.
 */
function handOverForTimeOff(
  tx: Tx,
  handover: {
    caregiverId: string;
    visit: VisitRow;
    reason: string | null;
    settings: CareSettings;
    now: Date;
    timeOffId: string;
  },
) {
  const { reason, timeOffId, ...rest } = handover;
  return handOverVisit(tx, { ...rest, reason, timeOff: { timeOffId } });
}

/**
 * Adds a block of time off. With visits booked inside it, the first call (confirmCount unset, or not the number
 * of visits found now) changes nothing and answers which visits it would hand over; the call confirming that
 * number saves the block and hands each over in the same transaction.
 */
export async function addTimeOff({
  actor,
  days,
  reason,
  confirmCount,
  request,
  now = new Date(),
}: {
  actor: OrderReader;
  days: TimeOffDays;
  reason?: string;
  confirmCount?: number;
  request?: Request;
  now?: Date;
}): Promise<AddTimeOffResult> {
  const caregiver = actorAs(actor, "caregiver");
  const timeZone = await caregiverHomeZone(actor);
  const problem = timeOffProblem(days, localDateIn(timeZone, now));
  if (problem) throw new AppError("invalid", { key: problem.key }, { field: problem.field });
  const blocked = multirangeText(blockedRanges(days, timeZone));
  const settings = await getCareSettings();
  const why = reason?.trim() || null;
  return db.transaction(async (tx) => {
    await lockTimeOff(tx, caregiver.id);
    const inside = await visitsInside(tx, caregiver.id, blocked, now);
    if (inside.length > 0 && confirmCount !== inside.length) return { status: "confirm", visits: inside };
    const [saved] = await tx
      .insert(caregiverTimeOff)
      .values({
        caregiverId: caregiver.id,
        kind: days.kind,
        startDate: days.startDate,
        endDate: days.endDate,
        weekday: days.weekday,
        timeZone,
        reason: why,
        blocked,
      })
      .returning({ id: caregiverTimeOff.id });
    const timeOffId = saved!.id;
    let late = 0;
    let backupsOffered = 0;
    for (const found of inside) {
      const visit = await lockVisit(tx, found.visitId);
      // Checked again under the visit's lock: it may have started or moved since the list was read.
      if (visit.caregiverId !== caregiver.id || !canCaregiverCancel(visit, now))
        throw new AppError("conflict", { key: "visits:timeOff.errors.changed" });
      const handed = await handOverForTimeOff(tx, {
        caregiverId: caregiver.id,
        visit,
        reason: why,
        settings,
        now,
        timeOffId,
      });
      if (handed.isLate) late += 1;
      backupsOffered += handed.backupsOffered;
    }
    await recordAuditEventIn(tx, {
      type: "caregiver_time_off_added",
      userId: caregiver.id,
      category: "account",
      request,
      metadata: {
        timeOffId,
        kind: days.kind,
        startDate: days.startDate,
        endDate: days.endDate,
        ...(days.weekday === null ? {} : { weekday: days.weekday }),
        handedOverVisitIds: inside.map((visit) => visit.visitId),
        lateHandovers: late,
      },
    });
    return { status: "added", timeOffId, handedOver: inside.length, late, backupsOffered };
  });
}

/**
 * The visits of a recurring order that the horizon just booked (docs/product-rules.md, "Time off"): each inside a
 * block of its caregiver's time off is handed over as that block's own handover was (backups, then the admins'
 * queue, the family told), in the horizon's transaction, with the block's reason.
 */
export async function handOverVisitsOnTimeOff(
  tx: Tx,
  booked: { caregiverId: string; visitIds: string[]; now: Date },
): Promise<number> {
  const { caregiverId, visitIds, now } = booked;
  await lockTimeOff(tx, caregiverId);
  const { rows } = await tx.execute<{ id: string; time_off_id: string; reason: string | null }>(sql`
    select v.id, t.id as time_off_id, t.reason
    from visits v
    join caregiver_time_off t on t.id = ${timeOffDuring(sql`v.caregiver_id`, sql`tstzrange(v.starts_at, v.ends_at)`)}
    where v.id = any(${sql.param(visitIds)}::uuid[]) and v.caregiver_id = ${caregiverId} and v.status = 'scheduled'
    order by v.starts_at
  `);
  if (rows.length === 0) return 0;
  const settings = await getCareSettings(tx);
  let handedOver = 0;
  for (const row of rows) {
    const visit = await lockVisit(tx, row.id);
    if (!canCaregiverCancel(visit, now)) continue;
    await handOverForTimeOff(tx, { caregiverId, visit, reason: row.reason, settings, now, timeOffId: row.time_off_id });
    handedOver += 1;
  }
  return handedOver;
}

/** Removes a block still running or to come (a past one stays, as the record of it). */
export async function removeTimeOff({
  actor,
  timeOffId,
  request,
  now = new Date(),
}: {
  actor: OrderReader;
  timeOffId: string;
  request?: Request;
  now?: Date;
}): Promise<void> {
  const caregiver = actorAs(actor, "caregiver");
  const today = localDateIn(await caregiverHomeZone(actor), now);
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(caregiverTimeOff)
      .where(
        and(
          eq(caregiverTimeOff.id, timeOffId),
          eq(caregiverTimeOff.caregiverId, caregiver.id),
          sql`${caregiverTimeOff.endDate} >= ${today}::date`,
        ),
      )
      .returning({
        kind: caregiverTimeOff.kind,
        startDate: caregiverTimeOff.startDate,
        endDate: caregiverTimeOff.endDate,
      });
    if (!removed) throw new AppError("not_found", { key: "visits:timeOff.errors.notFound" });
    await recordAuditEventIn(tx, {
      type: "caregiver_time_off_removed",
      userId: caregiver.id,
      category: "account",
      request,
      metadata: { timeOffId, ...removed },
    });
  });
}

export type { TimeOffKind };
