import { horizonOccurrences } from "~/features/care-requests/public";
import type { Schedule } from "~/features/care-requests/public";
import { localDateIn, zonedInstant } from "~/utils/datetime";

// Until when a caregiver may answer an offer (docs/product-rules.md, "Offer
// deadlines"): a day, but never after the care starts. An answer is due an
// hour before the first visit still to come, so that a caregiver who accepts
// can still get there, and a caregiver who lets it pass leaves time for the
// next one. A visit too soon for that still gets a short time to answer, up
// to its start and never past it.

/** An unanswered offer passes to the next match after this long, when the care starts later than that. */
export const OFFER_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The answer is due this long before the first visit starts. */
export const OFFER_ANSWER_MARGIN_MS = 60 * 60 * 1000;
/** The shortest time to answer an offer for a visit that starts soon (never past the start). */
export const OFFER_SHORTEST_ANSWER_MS = 15 * 60 * 1000;

/** The deadline of an offer made at `now` for care whose first visit still to come starts at `firstVisitStartsAt`. */
export function offerDeadline({ now, firstVisitStartsAt }: { now: Date; firstVisitStartsAt: Date | null }): Date {
  const full = now.getTime() + OFFER_LIFETIME_MS;
  if (!firstVisitStartsAt || firstVisitStartsAt <= now) return new Date(full);
  const start = firstVisitStartsAt.getTime();
  const capped = Math.min(full, start - OFFER_ANSWER_MARGIN_MS);
  if (capped >= now.getTime() + OFFER_SHORTEST_ANSWER_MS) return new Date(capped);
  return new Date(Math.min(now.getTime() + OFFER_SHORTEST_ANSWER_MS, start));
}

/** The start of a schedule's first visit after `now`, where care happens (null when none is left). */
export function firstVisitStartAfter(schedule: Schedule, timeZone: string, now: Date): Date | null {
  let first: Date | null = null;
  for (const visit of horizonOccurrences(schedule, localDateIn(timeZone, now))) {
    const startsAt = zonedInstant(visit.date, visit.start, timeZone);
    if (startsAt > now && (!first || startsAt < first)) first = startsAt;
  }
  return first;
}
