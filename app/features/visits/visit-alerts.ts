import type { VisitStatus } from "~/db/schema";
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
function isAwaitingCheckIn(visit: VisitTiming): boolean {
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
