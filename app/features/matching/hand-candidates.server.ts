import { sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import {
  distanceFromPlace,
  clashesWithVisits,
  onTimeOff,
  wantedVisits,
  windowsLiteral,
  type MatchQuery,
} from "./matching.server";
import { preferenceGaps, type PreferenceGap } from "./score";

// The caregivers an administrator may offer an order to by hand (docs/product-rules.md, "When no caregiver
// matches"): every approved caregiver with a clear background check, nearest first, each with the matching rules
// they miss, so that the administrator overrides them knowingly. Approval and the background check are never
// overridden; the visits' clash is checked again when the caregiver accepts (no double booking).

/** A matching rule a caregiver misses, as a code and its figures; the admin page words it. */
export type RuleMiss =
  | { code: "beyond-radius"; miles: number; radiusMiles: number }
  | { code: "missing-services"; services: string[] }
  | { code: "not-available" }
  | { code: "busy" }
  | { code: "required-preference"; gap: PreferenceGap };

export type HandCandidate = {
  caregiverId: string;
  firstName: string;
  lastName: string;
  distanceMiles: number;
  /** Empty: the caregiver passes every rule (a match). */
  misses: RuleMiss[];
};

type Row = {
  user_id: string;
  first_name: string;
  last_name: string;
  gender: string | null;
  languages: string[];
  cultures: string[];
  services: string[];
  travel_radius_miles: number;
  distance_miles: number;
  is_available: boolean;
  is_busy: boolean;
};

/** How many candidates an administrator is shown, nearest first. */
export const HAND_CANDIDATES_SHOWN = 30;

export async function findHandCandidates(
  query: Omit<
    MatchQuery,
    "clientId" | "excludeCaregiverIds" | "onlyCaregiverId" | "requestedCaregiverSlug" | "limit"
  > & {
    onlyCaregiverId?: string;
  },
  executor: Executor = db,
): Promise<HandCandidate[]> {
  const { rows } = await executor.execute<Row>(sql`
    with ${wantedVisits(query.occurrences, query.timeZone)}
    select cp.user_id, cp.first_name, cp.last_name, cp.gender, cp.languages, cp.cultures, cp.services,
      cp.travel_radius_miles, ${distanceFromPlace(query.latitude, query.longitude)} as distance_miles,
      coalesce(cp.weekly_availability @> ${windowsLiteral(query.windows)}::int4multirange, false) as is_available,
      -- Busy: another visit then, or time off (docs/decisions/0048-time-off.md).
      (${clashesWithVisits(sql.raw("cp.user_id"))} or ${onTimeOff(sql.raw("cp.user_id"))}) as is_busy
    from caregiver_profiles cp, wanted
    where cp.caregiver_status = 'approved'
      and cp.background_check_status = 'clear'
      and cp.latitude is not null and cp.longitude is not null
      and (${query.onlyCaregiverId ?? null}::text is null or cp.user_id = ${query.onlyCaregiverId ?? null})
    order by distance_miles, cp.user_id
    limit ${HAND_CANDIDATES_SHOWN}::int
  `);
  return rows.map((row) => {
    const distanceMiles = Math.round(Number(row.distance_miles) * 10) / 10;
    const misses: RuleMiss[] = [];
    if (Number(row.distance_miles) > row.travel_radius_miles) {
      misses.push({ code: "beyond-radius", miles: distanceMiles, radiusMiles: row.travel_radius_miles });
    }
    const missing = query.services.filter((service) => !row.services.includes(service));
    if (missing.length) misses.push({ code: "missing-services", services: missing });
    if (!row.is_available) misses.push({ code: "not-available" });
    if (row.is_busy) misses.push({ code: "busy" });
    // Only a required preference is a rule; a preferred one the caregiver does not meet only ranks lower.
    for (const gap of preferenceGaps(row, query)) {
      const required =
        (gap.code === "language" && Boolean(query.languageRequired)) ||
        (gap.code === "gender" && Boolean(query.caregiverGenderRequired)) ||
        (gap.code === "culture" && Boolean(query.cultureRequired));
      if (required) misses.push({ code: "required-preference", gap });
    }
    return { caregiverId: row.user_id, firstName: row.first_name, lastName: row.last_name, distanceMiles, misses };
  });
}
