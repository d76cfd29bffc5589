import type { VisitStatus } from "~/platform/db/schema";
import type { CareSettings } from "./care-settings";

// Late and missed visits, backups and caregiver cancellations
// (docs/product-rules.md, "Visits"), as pure rules: which visit is due for
// what at a given moment under the thresholds in force. The sweep
// (visit-alerts.server.ts) asks these for every candidate visit, under its row
// lock, so that a visit is alerted, offered or marked missed once.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What the rules need of a visit. */
export type VisitTiming = {
  status: VisitStatus;
  startsAt: Date;
  endsAt: Date;
  checkedInAt: Date | null;
  lateAlertedAt: Date | null;
  backupOfferedAt: Date | null;
};

type Thresholds = Pick<CareSettings, "lateAlertMinutes" | "backupOfferMinutes">;

/** Still waiting for its caregiver: scheduled and never checked in. */
function isAwaitingCheckIn(visit: Pick<VisitTiming, "status" | "checkedInAt">): boolean {
  return visit.status === "scheduled" && visit.checkedInAt === null;
}

/**
 * Not checked in `lateAlertMinutes` after the start and not alerted yet: the
 * caregiver, the family and admins are told. A visit that has ended is
 * missed instead (no alert for a visit that is already over).
 */
export function isDueForLateAlert(visit: VisitTiming, settings: Thresholds, now: Date): boolean {
  return (
    isAwaitingCheckIn(visit) &&
    visit.lateAlertedAt === null &&
    now.getTime() >= visit.startsAt.getTime() + settings.lateAlertMinutes * MINUTE &&
    now < visit.endsAt
  );
}

/** Not checked in `backupOfferMinutes` after the start and not offered yet: offered to backup caregivers. */
export function isDueForBackupOffer(visit: VisitTiming, settings: Thresholds, now: Date): boolean {
  return (
    isAwaitingCheckIn(visit) &&
    visit.backupOfferedAt === null &&
    now.getTime() >= visit.startsAt.getTime() + settings.backupOfferMinutes * MINUTE &&
    now < visit.endsAt
  );
}

/** Never checked in, and its end has passed: the visit is missed. */
export function isMissed(visit: VisitTiming, now: Date): boolean {
  return isAwaitingCheckIn(visit) && now >= visit.endsAt;
}

/** From when a visit still waiting for its caregiver is late: `lateAlertMinutes` after its start. */
export function lateFrom(startsAt: Date, settings: Pick<Thresholds, "lateAlertMinutes">): Date {
  return new Date(startsAt.getTime() + settings.lateAlertMinutes * MINUTE);
}

/**
 * Late now: scheduled, never checked in, not over, and past the late-alert threshold (or already alerted,
 * should the threshold have been raised since). What the caregiver's home and schedule mark, and the
 * administrators' queue lists.
 */
export function isVisitLate(
  visit: Pick<VisitTiming, "status" | "checkedInAt" | "endsAt" | "lateAlertedAt"> & { lateFrom: Date },
  now: Date,
): boolean {
  return isAwaitingCheckIn(visit) && now < visit.endsAt && (visit.lateAlertedAt !== null || now >= visit.lateFrom);
}

/** How long missed visits stay in the administrators' queue after their end (docs/decisions/0030-late-path-queue.md). */
export const MISSED_QUEUE_DAYS = 7;

/** What an administrator must know of a visit (docs/product-rules.md, "Late and missed visits, backup caregivers"). */
export type VisitAttention = {
  /** Waiting for its caregiver past the late-alert threshold, and not over. */
  isLate: boolean;
  /** Never checked in by its end. */
  isMissed: boolean;
  /** Offered to backups when nobody was free: the team must find someone by hand. */
  hasNoBackup: boolean;
  /** Backup caregivers were asked and none has answered yet. */
  isLookingForBackup: boolean;
};

/**
 * The attention a visit needs at `now`, from its row, the late-alert threshold and its backup offers
 * (how many caregivers were ever offered it, how many offers are still open).
 */
export function visitAttention(
  visit: Pick<VisitTiming, "status" | "startsAt" | "endsAt" | "checkedInAt" | "lateAlertedAt" | "backupOfferedAt">,
  offers: { offered: number; open: number },
  settings: Pick<Thresholds, "lateAlertMinutes">,
  now: Date,
): VisitAttention {
  const isWaiting = isAwaitingCheckIn(visit) && now < visit.endsAt;
  const isMissedVisit = visit.status === "missed";
  return {
    isLate: isVisitLate({ ...visit, lateFrom: lateFrom(visit.startsAt, settings) }, now),
    isMissed: isMissedVisit,
    hasNoBackup: (isWaiting || isMissedVisit) && visit.backupOfferedAt !== null && offers.offered === 0,
    isLookingForBackup: isWaiting && offers.open > 0,
  };
}

/** Whether the visit belongs in the administrators' queue now: late, without a backup, or missed lately. */
export function needsAttention(visit: Pick<VisitTiming, "endsAt">, attention: VisitAttention, now: Date): boolean {
  if (attention.isLate) return true;
  if (attention.isMissed) return now.getTime() - visit.endsAt.getTime() < MISSED_QUEUE_DAYS * 24 * 60 * MINUTE;
  return attention.hasNoBackup;
}

/** What the sweep does to a visit now, in order (a late alert comes before the backup offer). */
export type SweepAction = "late_alert" | "backup_offer" | "missed";

export function sweepActions(visit: VisitTiming, settings: Thresholds, now: Date): SweepAction[] {
  if (isMissed(visit, now)) return ["missed"];
  const actions: SweepAction[] = [];
  if (isDueForLateAlert(visit, settings, now)) actions.push("late_alert");
  if (isDueForBackupOffer(visit, settings, now)) actions.push("backup_offer");
  return actions;
}

/**
 * The earliest start a visit may have to be due for anything now: the sweep
 * only reads scheduled visits that started before this (the smaller threshold).
 */
export function sweepStartCutoff(settings: Thresholds, now: Date): Date {
  return new Date(now.getTime() - Math.min(settings.lateAlertMinutes, settings.backupOfferMinutes) * MINUTE);
}

/** A caregiver's cancellation less than `lateCancelHours` before the start is a late cancellation. */
export function isLateCancellation(
  startsAt: Date,
  settings: Pick<CareSettings, "lateCancelHours">,
  now: Date,
): boolean {
  return startsAt.getTime() - now.getTime() < settings.lateCancelHours * HOUR;
}

/** Whether the caregiver may still say they cannot make the visit: theirs, scheduled, not started checking in, not over. */
export function canCaregiverCancel(visit: Pick<VisitTiming, "status" | "checkedInAt" | "endsAt">, now: Date): boolean {
  return visit.status === "scheduled" && visit.checkedInAt === null && now < visit.endsAt;
}

/** A backup caregiver may take the visit while it still waits for its caregiver and is not over. */
export function needsBackup(visit: Pick<VisitTiming, "status" | "checkedInAt" | "endsAt">, now: Date): boolean {
  return canCaregiverCancel(visit, now);
}

/** What the pay rule needs of the quote an order was booked at (older quotes may lack parts of it). */
export type PayQuote = {
  visits?: { day: string; start: string; amountCents: number }[];
  perVisitCents?: number;
  pricing?: { caregiverPayPercent?: number };
};

/**
 * The caregiver's pay for one visit, from the quote the order was booked at:
 * the caregiver's share of that visit's line (matched by its local date, or
 * weekday for recurring care, and start time), else of the average visit;
 * null when the quote does not say (the page then shows the hours).
 */
export function visitPayCents(quote: PayQuote, visit: { date: string; start: string }): number | null {
  const percent = quote.pricing?.caregiverPayPercent;
  if (typeof percent !== "number") return null;
  const weekday = WEEKDAY_NAMES[new Date(`${visit.date}T12:00:00Z`).getUTCDay()];
  const line = quote.visits?.find(
    (item) => (item.day === visit.date || item.day === weekday) && item.start === visit.start,
  );
  const amount = line?.amountCents ?? quote.perVisitCents;
  if (typeof amount !== "number" || amount <= 0) return null;
  return Math.round((amount * percent) / 100);
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
