// What a visit is charged and paid for (docs/product-rules.md, "Visits: time worked, short visits and
// the minimum charge"; docs/decisions/0027-visits-charged-by-time-worked.md). Pure: check-out (features/visits),
// the EVV queue (features/evv), invoices and earnings read the same rule.

/** The two thresholds of the rule, admin settings kept with the care settings (care_settings). */
export type VisitChargeSettings = {
  /** A visit worked for less than this percent of its booked time is short. */
  shortVisitPercent: number;
  /** A short visit is charged at least this many minutes (never more than booked). */
  minimumChargeMinutes: number;
};

export const DEFAULT_VISIT_CHARGE_SETTINGS: VisitChargeSettings = {
  shortVisitPercent: 75,
  minimumChargeMinutes: 60,
};

const MINUTE_MS = 60_000;

/** Whole minutes from `from` to `to` (never below zero). */
export function wholeMinutes(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / MINUTE_MS));
}

/** The times the rule reads: the booked window and the check-in and check-out (as an admin corrected them). */
export type VisitTimes = {
  startsAt: Date;
  endsAt: Date;
  checkedInAt: Date;
  checkedOutAt: Date;
};

export type ShortVisit = {
  isShort: boolean;
  /** Checked out before the visit was booked to start. */
  isBeforeStart: boolean;
  workedMinutes: number;
  bookedMinutes: number;
};

/** Whether a visit is short: checked out before its booked start, or worked under the percent of booked time. */
export function shortVisit(times: VisitTimes, settings: Pick<VisitChargeSettings, "shortVisitPercent">): ShortVisit {
  const bookedMinutes = wholeMinutes(times.startsAt, times.endsAt);
  const workedMinutes = wholeMinutes(times.checkedInAt, times.checkedOutAt);
  const isBeforeStart = times.checkedOutAt.getTime() < times.startsAt.getTime();
  const isShort = isBeforeStart || workedMinutes * 100 < bookedMinutes * settings.shortVisitPercent;
  return { isShort, isBeforeStart, workedMinutes, bookedMinutes };
}

export type VisitCharge = ShortVisit & {
  /** The window priced: from the check-in, as long as the minutes charged before any minimum. */
  startsAt: Date;
  endsAt: Date;
  /**
   * The minimum a visit is charged: the care settings' minimum charge for a short visit (never more than
   * booked), or null when the booking's own minimum (the order's quote) applies.
   */
  shortMinimumMinutes: number | null;
};

/**
 * The time a visit is charged and paid for: the time worked, check-in to check-out, never more than
 * booked unless an admin corrected the times (their correction is what was worked). A short visit is
 * charged at least the minimum charge; a visit worked in full keeps the booking's minimum hours.
 */
export function visitCharge(
  times: VisitTimes & { isTimesEdited: boolean },
  settings: VisitChargeSettings,
): VisitCharge {
  const short = shortVisit(times, settings);
  const minutes = times.isTimesEdited ? short.workedMinutes : Math.min(short.workedMinutes, short.bookedMinutes);
  const startsAt = times.checkedInAt;
  return {
    ...short,
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * MINUTE_MS),
    shortMinimumMinutes: short.isShort ? Math.min(settings.minimumChargeMinutes, short.bookedMinutes) : null,
  };
}
