import type { CareSettings } from "~/features/visits/public";
import { formatInZone } from "~/utils/datetime";
import { messageKey } from "~/i18n/message-keys";
import { DEFAULT_ZIP_RADIUS_METERS } from "~/utils/zip-radius";

// Electronic visit verification (docs/product-rules.md, "Visits"): which
// visits an admin must look at, and how a visit's facts are written into the
// export. Pure, so the rules are unit-tested without a database.

/** The exceptions of the admin queue, in the order the page names them. */
export const EVV_EXCEPTION_KINDS = [
  "no_check_out",
  "short_visit",
  "far_location",
  "location_unverified",
  "times_edited",
  "late_sync",
] as const;
export type EvvExceptionKind = (typeof EVV_EXCEPTION_KINDS)[number];

export const EDIT_TIMES_REASON_MESSAGE = messageKey("evv:messages.editReason");
export const EDIT_TIMES_ORDER_MESSAGE = messageKey("evv:messages.editOrder");
export const EDIT_TIMES_FUTURE_MESSAGE = messageKey("evv:messages.editFuture");
export const EDIT_TIMES_TOO_LONG_MESSAGE = messageKey("evv:messages.editTooLong");
export const EDIT_TIMES_CHECK_IN_MESSAGE = messageKey("evv:messages.editCheckIn");
export const EDIT_TIMES_KEEP_CHECK_OUT_MESSAGE = messageKey("evv:messages.editKeepCheckOut");
export const EDIT_TIMES_CANCELLED_MESSAGE = messageKey("evv:messages.editCancelled");
export const EXPORT_RANGE_ORDER_MESSAGE = messageKey("evv:messages.rangeOrder");
export const EXPORT_RANGE_TOO_LONG_MESSAGE = messageKey("evv:messages.rangeTooLong");
export const EXPORT_DATE_MESSAGE = messageKey("evv:messages.date");

/** The longest export, in days (both ends counted). */
export const MAX_EXPORT_DAYS = 366;
/** A corrected visit lasts at most this long. */
export const MAX_VISIT_MS = 24 * 60 * 60 * 1000;

/** What the rules need of a visit event. */
export type EvvEvent = {
  kind: string;
  occurredAt: Date;
  recordedAt: Date;
  distanceMeters: number | null;
  /** What the distance was measured to: the geocoded address, or the ZIP code's centre (null: the address). */
  distanceFrom?: "geocoded" | "zip_centroid" | "none" | null;
  /** With distanceFrom "zip_centroid": the ZIP code's radius (null: recorded before radii were kept). */
  zipRadiusMeters?: number | null;
  isLateSync: boolean;
  /** The caregiver's reason for a check-out before the start or far short of the booked time. */
  shortReason?: string | null;
};

/** What the rules need of a visit. */
export type EvvVisit = {
  status: string;
  endsAt: Date;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
};

export type EvvFindings = {
  kinds: EvvExceptionKind[];
  /** The farthest check-in or check-out from the address, when one is beyond the tolerance. */
  farthestMeters: number | null;
  /**
   * With farthestMeters: the ZIP code's radius when that distance was measured to the ZIP code's
   * centre (the address not yet placed on the map), else null.
   */
  farthestZipRadiusMeters: number | null;
  /**
   * A check-in or check-out measured to the ZIP code's centre, within the ZIP code's size: it could
   * not be verified, and is not called far. The farthest such one.
   */
  unverified: { meters: number; zipRadiusMeters: number } | null;
  /** The latest sync, in whole minutes after the event happened, when one was late. */
  minutesLate: number | null;
  /** The caregiver's reason for a short check-out (features/billing/visit-charge.ts), when one was given. */
  shortReason: string | null;
};

const isCheckEvent = (event: EvvEvent) => event.kind === "check_in" || event.kind === "check_out";

/** How a located check-in or check-out stands against the address (docs/product-rules.md, "Addresses on the map"). */
export type LocationJudgement =
  | { verdict: "near" | "far"; meters: number; zipRadiusMeters: null }
  | { verdict: "unverified" | "far"; meters: number; zipRadiusMeters: number };

/**
 * Measured to the geocoded address: far beyond the tolerance. Measured to the ZIP code's centre (the
 * address not yet placed): far only beyond the ZIP code's radius plus the tolerance, since anywhere in
 * the ZIP code may be the address; within it, not verified. Null for an event without a location.
 */
export function judgeLocation(
  event: Pick<EvvEvent, "distanceMeters" | "distanceFrom" | "zipRadiusMeters">,
  settings: Pick<CareSettings, "locationToleranceMeters">,
): LocationJudgement | null {
  const meters = event.distanceMeters;
  if (meters === null) return null;
  if (event.distanceFrom !== "zip_centroid") {
    return { verdict: meters > settings.locationToleranceMeters ? "far" : "near", meters, zipRadiusMeters: null };
  }
  const zipRadiusMeters = event.zipRadiusMeters ?? DEFAULT_ZIP_RADIUS_METERS;
  const isFar = meters > zipRadiusMeters + settings.locationToleranceMeters;
  return { verdict: isFar ? "far" : "unverified", meters, zipRadiusMeters };
}

const farthest = (judgements: LocationJudgement[]) =>
  judgements.reduce<LocationJudgement | null>((best, each) => (!best || each.meters > best.meters ? each : best), null);

/**
 * A visit still checked in this long after its end has no check-out: the
 * late-sync threshold leaves an offline phone the time to send it.
 */
export function isMissingCheckOut(
  visit: EvvVisit,
  settings: Pick<CareSettings, "lateSyncMinutes">,
  now: Date = new Date(),
): boolean {
  if (visit.status !== "checked_in" || visit.checkedOutAt) return false;
  return now.getTime() > visit.endsAt.getTime() + settings.lateSyncMinutes * 60_000;
}

/** The exceptions of one visit, with the figures the queue shows. */
export function evvFindings(
  visit: EvvVisit,
  events: readonly EvvEvent[],
  settings: Pick<CareSettings, "lateSyncMinutes" | "locationToleranceMeters">,
  now: Date = new Date(),
): EvvFindings {
  const kinds: EvvExceptionKind[] = [];
  if (isMissingCheckOut(visit, settings, now)) kinds.push("no_check_out");
  const short = events.findLast((event) => event.kind === "check_out" && event.shortReason);
  if (short) kinds.push("short_visit");
  const located = events
    .filter(isCheckEvent)
    .map((event) => judgeLocation(event, settings))
    .filter((judgement) => judgement !== null);
  const far = farthest(located.filter((judgement) => judgement.verdict === "far"));
  const unverified = farthest(located.filter((judgement) => judgement.verdict === "unverified"));
  if (far) kinds.push("far_location");
  if (unverified) kinds.push("location_unverified");
  if (events.some((event) => event.kind === "times_edited")) kinds.push("times_edited");
  const late = events.filter((event) => isCheckEvent(event) && event.isLateSync);
  if (late.length > 0) kinds.push("late_sync");
  return {
    kinds,
    farthestMeters: far?.meters ?? null,
    farthestZipRadiusMeters: far?.zipRadiusMeters ?? null,
    unverified: unverified ? { meters: unverified.meters, zipRadiusMeters: unverified.zipRadiusMeters! } : null,
    minutesLate: late.length
      ? Math.max(...late.map((event) => Math.floor((event.recordedAt.getTime() - event.occurredAt.getTime()) / 60_000)))
      : null,
    shortReason: short?.shortReason ?? null,
  };
}

/** Miles from metres, one decimal (the queue shows both). */
export function metersToMiles(meters: number): number {
  return Math.round((meters / 1609.344) * 10) / 10;
}

/** A CSV cell a spreadsheet will not run as a formula (the shared rule). */
export { csvSafe } from "~/utils/csv";

/** "2026-12-07T09:02:00-06:00": an instant as the clock read where care happens, with its offset. */
export function isoInZone(instant: Date | null, timeZone: string): string {
  return instant ? formatInZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ssXXX") : "";
}

/** Whole days from `from` to `to` (YYYY-MM-DD), both counted. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The export's file name: "tendly-evv-2026-11-01-to-2026-11-30.csv". */
export function exportFileName(from: string, to: string): string {
  return `tendly-evv-${from}-to-${to}.csv`;
}
