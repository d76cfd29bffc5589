import { db, type Executor } from "~/platform/db/client.server";
import { horizonOccurrences, weeklyWindows } from "~/features/care-requests/public";
import { measurePoint } from "~/features/geocoding/public";
import { findMatches, type Match } from "~/features/matching/public.server";
import { findHandCandidates, type HandCandidate } from "~/features/matching/public.server";
import { careRequestOf, localDate } from "./order-helpers";
import type { CareRequestRow } from "./order-transitions.server";

// The caregivers who fit a stored care request, best first (the rules are the
// matching feature's): what the family chooses from, what an offer goes to,
// what an admin assigns from, and the backups of a visit.

/** The matching's query for a stored request (its place, services, windows, visits and preferences). */
function matchQueryOf(row: CareRequestRow, now?: Date) {
  const request = careRequestOf(row);
  // Distances from the address once it is placed on the map, else from its ZIP code's centre.
  const point = measurePoint(row) ?? row;
  return {
    clientId: row.clientId,
    latitude: point.latitude,
    longitude: point.longitude,
    services: row.services,
    healthNeeds: row.healthNeeds,
    language: row.language,
    caregiverGender: row.caregiverGender,
    culture: row.culture,
    // Requests stored before preferences could be required lack these: preferred.
    languageRequired: request.languageRequired === true,
    caregiverGenderRequired: request.caregiverGenderRequired === true,
    cultureRequired: request.cultureRequired === true,
    windows: weeklyWindows(request),
    occurrences: horizonOccurrences(request, localDate(row.timeZone, now)),
    timeZone: row.timeZone,
    requestedCaregiverSlug: request.preferredCaregiverSlug ?? null,
  };
}

/** The ranked caregivers for a stored request (hard filters, then the score). */
export function matchesForRequest(
  row: CareRequestRow,
  options: { excludeCaregiverIds?: string[]; onlyCaregiverId?: string; limit?: number; now?: Date } = {},
  executor: Executor = db,
): Promise<Match[]> {
  return findMatches(
    {
      ...matchQueryOf(row, options.now),
      excludeCaregiverIds: options.excludeCaregiverIds,
      onlyCaregiverId: options.onlyCaregiverId,
      limit: options.limit,
    },
    executor,
  );
}

/** Whom an administrator may offer a stored request to by hand, nearest first, with the rules each misses. */
export function handCandidatesForRequest(
  row: CareRequestRow,
  options: { onlyCaregiverId?: string; now?: Date } = {},
  executor: Executor = db,
): Promise<HandCandidate[]> {
  return findHandCandidates({ ...matchQueryOf(row, options.now), onlyCaregiverId: options.onlyCaregiverId }, executor);
}
