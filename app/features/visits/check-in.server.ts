import { and, eq, gt, or, sql } from "drizzle-orm";
import { lockUntilCommit } from "~/platform/db/advisory-lock.server";
import { db, type Tx } from "~/platform/db/client.server";
import { careRequests, familyCodeAttempts, visitEvents, visits, type VerificationMethod } from "~/platform/db/schema";
import { lockOrder } from "~/features/orders/public.server";
import { pgErrorCode } from "~/platform/db/pg-errors";
import { publish } from "~/platform/events/domain-events.server";
import { measurePoint } from "~/features/geocoding/public";
import { zipRadiusMeters } from "~/utils/zip-codes.server";
import { AppError } from "~/utils/app-error";
import { shortVisit } from "~/features/billing/public";
import { getCareSettings } from "./care-settings.server";
import { lockVisit, recordVisitEvent, type VisitRow } from "./visit-events.server";
import { announceVisitAttention } from "./visit-notifications.server";
import { announceVisitChange } from "./on-my-way.server";
import { loadVisitContext, notifyFamilyCodeClosed } from "./visit-notifications.server";
import {
  checkInOpensAt,
  distanceMeters,
  isFamilyCodeClosed,
  isLateSync,
  isUuid,
  type CheckKind,
  type Verification,
} from "./visit-rules";

// Check-in and check-out (docs/product-rules.md, "Visits"), online or synced
// later from a phone's outbox: the device's time is kept as the visit's time,
// the server's time of hearing it beside it; a repeated sync of the same event
// (same clientEventId) answers as the first did and changes nothing.

/** How far a device clock may run ahead of ours before its time counts as "in the future". */
const CLOCK_SKEW_MS = 2 * 60_000;

export type CheckInput = {
  actor: { id: string };
  visitId: string;
  kind: CheckKind;
  /** The device's id for this event (a UUID made when the button was pressed). */
  clientEventId: string;
  /** When it happened on the device. */
  occurredAt: Date;
  verification: Verification;
  /** The caregiver's reason for a short check-out (visit-charge.ts shortVisit). */
  shortReason?: string;
  /** The server's clock (tests). */
  now?: Date;
};

export type CheckResult = {
  visitId: string;
  orderId: string;
  kind: CheckKind;
  occurredAt: Date;
  recordedAt: Date;
  method: VerificationMethod;
  isLateSync: boolean;
  /** True when this event had been recorded before (a repeated sync). */
  isRepeat: boolean;
  visitStatus: VisitRow["status"];
};

/** Records a check-in or check-out of the caregiver's own visit. */
export async function recordCheck(input: CheckInput): Promise<CheckResult> {
  if (!isUuid(input.visitId)) throw new AppError("not_found", { key: "visits:refusal.notFound" });
  if (!isUuid(input.clientEventId)) throw new AppError("invalid", { key: "visits:refusal.eventIdInvalid" });
  try {
    const outcome = await db.transaction((tx) => recordCheckIn(tx, input));
    // A wrong family code is refused after its transaction commits: the attempt it counted is kept.
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  } catch (error) {
    // Two syncs of one event at the same moment: the second loses the race on
    // the unique clientEventId and answers as a repeat.
    if (pgErrorCode(error) === "23505") {
      const repeat = await db.transaction((tx) => findRepeat(tx, input));
      if (repeat) return repeat;
    }
    throw error;
  }
}

async function recordCheckIn(tx: Tx, input: CheckInput): Promise<CheckResult | AppError> {
  const now = input.now ?? new Date();
  const [found] = await tx.select({ orderId: visits.orderId }).from(visits).where(eq(visits.id, input.visitId));
  if (!found) throw new AppError("not_found", { key: "visits:refusal.notFound" });
  // Order first, then visit: the order locks come in that order everywhere.
  const order = await lockOrder(tx, found.orderId);
  const visit = await lockVisit(tx, input.visitId);

  const repeat = await findRepeat(tx, input);
  if (repeat) return repeat;

  if (visit.caregiverId !== input.actor.id) {
    // The visit was given to a backup caregiver while this event waited on the phone.
    if (visit.originalCaregiverId === input.actor.id)
      throw new AppError("conflict", { key: "visits:refusal.reassigned" }, { reason: "reassigned" });
    throw new AppError("not_found", { key: "visits:refusal.notFound" });
  }
  const settings = await getCareSettings(tx);
  const occurredAt = input.occurredAt;
  if (occurredAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw new AppError("invalid", { key: "visits:refusal.future" }, { reason: "future" });
  if (now.getTime() - occurredAt.getTime() > settings.offlineSyncWindowHours * 3_600_000) {
    throw new AppError("conflict", { key: "visits:refusal.syncTooLate" }, { reason: "sync-too-late" });
  }

  const [request] = await tx.select().from(careRequests).where(eq(careRequests.id, order.careRequestId));
  const address = request!;

  let changes: Partial<typeof visits.$inferInsert>;
  let shortReason: string | null = null;
  if (input.kind === "check_in") {
    if (visit.status === "checked_in" || visit.status === "completed") {
      throw new AppError("conflict", { key: "visits:refusal.alreadyCheckedIn" }, { reason: "already-checked-in" });
    }
    // A missed visit may still take a check-in that happened before its end:
    // the caregiver was there, the phone had no signal.
    if (visit.status !== "scheduled" && visit.status !== "missed")
      throw new AppError("conflict", { key: "visits:refusal.closed" }, { reason: "closed" });
    const opensAt = checkInOpensAt(visit.startsAt, settings);
    if (occurredAt < opensAt) {
      throw new AppError("conflict", { key: "visits:refusal.tooEarly" }, { reason: "too-early" });
    }
    if (occurredAt >= visit.endsAt)
      throw new AppError("conflict", { key: "visits:refusal.ended" }, { reason: "ended" });
    changes = { status: "checked_in", checkedInAt: occurredAt };
  } else {
    if (visit.status !== "checked_in" || !visit.checkedInAt)
      throw new AppError("conflict", { key: "visits:refusal.notCheckedIn" }, { reason: "not-checked-in" });
    if (occurredAt <= visit.checkedInAt)
      throw new AppError("invalid", { key: "visits:refusal.outBeforeIn" }, { reason: "out-before-in" });
    // Before the start, or far short of the booked time: only with the caregiver's reason (an EVV exception).
    const short = shortVisit({ ...visit, checkedInAt: visit.checkedInAt, checkedOutAt: occurredAt }, settings);
    if (short.isShort) {
      shortReason = input.shortReason?.trim() || null;
      if (!shortReason) {
        throw new AppError(
          "invalid",
          { key: short.isBeforeStart ? "visits:refusal.shortBeforeStart" : "visits:refusal.shortReasonNeeded" },
          { field: "shortReason", reason: "short-reason-needed" },
        );
      }
    }
    changes = { status: "completed", checkedOutAt: occurredAt };
  }

  // Verified only once the visit takes this press: a code cannot be tried on a visit that is over.
  const verification = verify(input.verification);
  if (verification.method === "code") {
    const refusal = await checkFamilyCode(tx, visit, verification.code, now);
    if (refusal) return refusal;
  }
  // Measured from the geocoded address; an address not yet placed on the map is measured from its
  // ZIP code's centre and judged against that ZIP code's size (docs/product-rules.md, "Addresses on the map").
  const point = verification.method === "location" ? measurePoint(address) : null;
  const distance = point && verification.method === "location" ? distanceMeters(verification, point) : null;
  const zipRadius = point?.from === "zip_centroid" ? await zipRadiusMeters(address.zipCode.slice(0, 5)) : null;

  const [updated] = await tx.update(visits).set(changes).where(eq(visits.id, visit.id)).returning();
  const event = await recordVisitEvent(tx, visit.id, {
    kind: input.kind,
    actor: { id: input.actor.id, role: "caregiver" },
    occurredAt,
    clientEventId: input.clientEventId,
    method: verification.method,
    latitude: verification.method === "location" ? verification.latitude : null,
    longitude: verification.method === "location" ? verification.longitude : null,
    accuracyMeters: verification.method === "location" ? (verification.accuracyMeters ?? null) : null,
    distanceMeters: distance,
    distanceFrom: distance === null ? null : point!.from,
    zipRadiusMeters: zipRadius,
    reason: verification.method === "reason" ? verification.reason : null,
    shortReason,
    isLateSync: isLateSync(occurredAt, now, settings),
    data: visit.status === "missed" ? { wasMissed: true } : {},
  });
  // A late, uncovered or missed visit leaves the administrators' live queue once checked in.
  if (input.kind === "check_in" && (visit.lateAlertedAt || visit.backupOfferedAt || visit.status === "missed")) {
    await announceVisitAttention(tx, visit.id);
  }

  // What follows is other features' (app/event-handlers.server.ts): the first check-in starts the order;
  // a check-out may complete it, and the visit is invoiced.
  const actor = { id: input.actor.id, role: "caregiver" as const };
  if (input.kind === "check_in") {
    await publish(tx, { type: "visit.checked_in", orderId: order.id, visitId: visit.id, actor });
    // The family's open order page: the check-in takes the place of "On my way" (docs/decisions/0046-on-my-way.md).
    await announceVisitChange(tx, { orderId: order.id, visitId: visit.id });
  } else {
    await publish(tx, {
      type: "visit.checked_out",
      orderId: order.id,
      visitId: visit.id,
      startsAt: visit.startsAt,
      actor,
      now,
    });
  }
  return resultOf(updated!, event, false);
}

/** The event already recorded under this clientEventId, as the first sync answered; null if none. */
async function findRepeat(tx: Tx, input: CheckInput): Promise<CheckResult | null> {
  const [row] = await tx
    .select({ event: visitEvents, visit: visits })
    .from(visitEvents)
    .innerJoin(visits, eq(visits.id, visitEvents.visitId))
    .where(eq(visitEvents.clientEventId, input.clientEventId));
  if (!row) return null;
  if (row.event.actorId !== input.actor.id || row.event.visitId !== input.visitId || row.event.kind !== input.kind) {
    throw new AppError(
      "conflict",
      { key: "visits:refusal.eventIdReused" },
      {
        reason: "id-reused",
      },
    );
  }
  return resultOf(row.visit, row.event, true);
}

function resultOf(visit: VisitRow, event: typeof visitEvents.$inferSelect, isRepeat: boolean): CheckResult {
  return {
    visitId: visit.id,
    orderId: visit.orderId,
    kind: event.kind as CheckKind,
    occurredAt: event.occurredAt,
    recordedAt: event.recordedAt,
    method: event.method ?? "location",
    isLateSync: event.isLateSync,
    isRepeat,
    visitStatus: visit.status,
  };
}

type Verified =
  | { method: "location"; latitude: number; longitude: number; accuracyMeters?: number }
  | { method: "code"; code: string }
  | { method: "reason"; reason: string };

function verify(verification: Verification): Verified {
  switch (verification.method) {
    case "location":
      return verification;
    case "code":
      return { method: "code", code: verification.code.trim() };
    case "reason": {
      const reason = verification.reason.trim();
      if (!reason)
        throw new AppError(
          "invalid",
          { key: "visits:refusal.reasonNeeded" },
          { field: "reason", reason: "reason-needed" },
        );
      return { method: "reason", reason };
    }
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

const codeClosed = () =>
  new AppError("conflict", { key: "visits:refusal.codeClosed" }, { field: "code", reason: "code-closed" });

/**
 * The family's code for this press: null when it matches; else the refusal, after counting the wrong code.
 * Past FAMILY_CODE_LIMITS the code is not compared at all, and the wrong code that reaches a limit tells
 * the family and every admin (docs/product-rules.md, "Visits").
 */
async function checkFamilyCode(tx: Tx, visit: VisitRow, code: string, now: Date): Promise<AppError | null> {
  const caregiverId = visit.caregiverId;
  // One caregiver's codes are checked in turn (the visit is locked already), so the counts stay exact
  // under a flood of guesses on several visits at once.
  await lockUntilCommit(tx, `family-code:${caregiverId}`);
  const since = new Date(now.getTime() - DAY_MS);
  const byCaregiverToday = and(
    eq(familyCodeAttempts.caregiverId, caregiverId),
    gt(familyCodeAttempts.createdAt, since),
  );
  const [counts] = await tx
    .select({
      onVisit: sql<number>`(count(*) filter (where ${eq(familyCodeAttempts.visitId, visit.id)}))::int`,
      byCaregiver: sql<number>`(count(*) filter (where ${byCaregiverToday}))::int`,
    })
    .from(familyCodeAttempts)
    .where(or(eq(familyCodeAttempts.visitId, visit.id), byCaregiverToday));
  const { onVisit = 0, byCaregiver = 0 } = counts ?? {};
  if (isFamilyCodeClosed({ onVisit, byCaregiver })) return codeClosed();
  if (code === visit.familyCode) return null;

  await tx.insert(familyCodeAttempts).values({ visitId: visit.id, caregiverId, createdAt: now });
  if (!isFamilyCodeClosed({ onVisit: onVisit + 1, byCaregiver: byCaregiver + 1 })) {
    return new AppError("invalid", { key: "visits:refusal.wrongCode" }, { field: "code", reason: "wrong-code" });
  }
  await notifyFamilyCodeClosed(tx, await loadVisitContext(tx, visit));
  return codeClosed();
}
