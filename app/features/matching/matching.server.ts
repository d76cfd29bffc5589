import { sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { COVERAGE_BOX } from "~/platform/db/schema";
import type { Occurrence, WeeklyWindow } from "~/features/care-requests/public";
import { hasNoExpiredRequiredCredential } from "~/features/credentials/public.server";
import type { Match } from "./match";
import { compareMatches, meetsRequiredPreferences, scoreCandidate, type ScorePreferences } from "./score";

export type { Match };

// Matching (docs/product-rules.md, "Orders and offers"): the hard filters run in SQL on indexes
// (status and background check, the box each caregiver's travel radius covers,
// services by GIN), then the exact distance against each caregiver's travel
// radius, weekly availability for every requested window (one containment test
// on the profile's minute-of-week ranges), and no overlap with
// the caregiver's visits. The survivors are scored in plain words.

export type MatchQuery = ScorePreferences & {
  clientId: string;
  latitude: number;
  longitude: number;
  services: string[];
  /** The weekly windows the caregiver must be available for. */
  windows: WeeklyWindow[];
  /** The concrete visits (local date and times) that must not clash with the caregiver's visits. */
  occurrences: Occurrence[];
  timeZone: string;
  excludeCaregiverIds?: string[];
  /** Only this caregiver (to check one the family or an admin picked). */
  onlyCaregiverId?: string;
  /** The caregiver this request asked for by slug (care-request.schema preferredCaregiverSlug): preferred too. */
  requestedCaregiverSlug?: string | null;
  limit?: number;
};

const EARTH_RADIUS_MILES = 3958.8;
/** How many nearest eligible caregivers are scored. */
const CANDIDATE_POOL = 300;

type Row = {
  user_id: string;
  slug: string;
  first_name: string;
  last_name: string;
  profile_photo_url: string | null;
  gender: string | null;
  languages: string[];
  skills: string[];
  cultures: string[];
  rating_avg: string | null;
  rating_count: number;
  years_experience: number;
  travel_radius_miles: number;
  distance_miles: number;
  cared_for_client: boolean;
  is_preferred: boolean;
};

/** Miles from the place (latitude, longitude) to the caregiver row `cp` (great-circle distance). */
export function distanceFromPlace(latitude: number, longitude: number) {
  return sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(
      power(sin(radians(cp.latitude - ${latitude}::float8) / 2), 2)
      + cos(radians(${latitude}::float8)) * cos(radians(cp.latitude)) * power(sin(radians(cp.longitude - ${longitude}::float8) / 2), 2)
    )))`;
}

/** Every requested window as minute-of-week ranges, the form of the profile's weekly availability (migration 0007). */
export function windowsLiteral(windows: WeeklyWindow[]): string {
  return `{${windows
    .map((window) => `[${window.weekday * 1440 + window.startMinute},${window.weekday * 1440 + window.endMinute})`)
    .join(",")}}`;
}

/** The requested visits as one multirange of instants, `wanted.ranges` (null when there are none). */
export function wantedVisits(occurrences: Occurrence[], timeZone: string) {
  const visitStarts = occurrences.map((visit) => `${visit.date} ${visit.start}`);
  const visitEnds = occurrences.map((visit) => `${visit.date} ${visit.end}`);
  return sql`wanted as (
      select range_agg(tstzrange(w.s at time zone ${timeZone}::text, w.e at time zone ${timeZone}::text)) as ranges
      from unnest(${sql.param(visitStarts)}::timestamp[], ${sql.param(visitEnds)}::timestamp[]) as w(s, e)
    )`;
}

/** True when the caregiver `caregiverColumn` has a visit overlapping the wanted ones (wantedVisits). */
export function clashesWithVisits(caregiverColumn: ReturnType<typeof sql.raw>) {
  return sql`(wanted.ranges is not null and exists (
        select 1 from visits v
        where v.caregiver_id = ${caregiverColumn} and v.status <> 'cancelled'
          -- The caregiver's visits in the request's weeks through visits_caregiver_idx (a btree probe is
          -- cheaper here than the exclusion constraint's GiST index), then the exact overlap.
          and v.starts_at < upper(wanted.ranges) and v.starts_at > lower(wanted.ranges) - interval '1 day'
          and (tstzrange(v.starts_at, v.ends_at) && wanted.ranges) is true
      ))`;
}

/**
 * The one overlap test of time off (docs/decisions/0048-time-off.md): the caregiver `caregiver`'s blocks (as `t`)
 * whose instants overlap `during` (a tstzrange or tstzmultirange). Their blocks still running at the first day of
 * `during`, through caregiver_time_off_caregiver_idx (caregiver, end_date), then the exact overlap with the
 * instants each block covers. Matching (onTimeOff), an accept (isOffDuring) and the visits booked by the horizon
 * (timeOffDuring) ask it.
 */
function blocksDuring(caregiver: SQL, during: SQL): SQL {
  return sql`caregiver_time_off t
        where t.caregiver_id = ${caregiver}
          and t.end_date >= (lower(${during}) at time zone 'UTC')::date - 1
          and (t.blocked && ${during}) is true`;
}

/** True when the caregiver `caregiver` has time off overlapping `during` (blocksDuring). */
export function timeOffOverlaps(caregiver: SQL, during: SQL): SQL {
  return sql`exists (select 1 from ${blocksDuring(caregiver, during)})`;
}

/** The id of the caregiver's first block of time off overlapping `during` (blocksDuring), or null. */
export function timeOffDuring(caregiver: SQL, during: SQL): SQL {
  return sql`(select t.id from ${blocksDuring(caregiver, during)} order by t.start_date, t.id limit 1)`;
}

/** True when the caregiver `caregiverColumn` has time off overlapping the wanted visits (wantedVisits). */
export function onTimeOff(caregiverColumn: ReturnType<typeof sql.raw>) {
  return sql`(wanted.ranges is not null and ${timeOffOverlaps(caregiverColumn, sql`wanted.ranges`)})`;
}

/**
 * Whether the caregiver has time off during a visit: the one visit, or any visit of the order not cancelled
 * (an offer accepted, a backup taken; docs/product-rules.md, "Time off").
 */
export async function isOffDuring(
  executor: Executor,
  caregiverId: string,
  during: { visitId: string } | { orderId: string },
): Promise<boolean> {
  const which = "visitId" in during ? sql`v.id = ${during.visitId}::uuid` : sql`v.order_id = ${during.orderId}::uuid`;
  const { rows } = await executor.execute<{ off: boolean }>(sql`
    select exists (
      select 1 from visits v
      where ${which} and v.status <> 'cancelled'
        and ${timeOffOverlaps(sql`${caregiverId}::text`, sql`tstzrange(v.starts_at, v.ends_at)`)}
    ) as off
  `);
  return rows[0]?.off === true;
}

export async function findMatches(query: MatchQuery, executor: Executor = db): Promise<Match[]> {
  // A degenerate box at the request's place: the GiST index on each caregiver's
  // coverage box (caregiver_profiles_coverage_idx) finds who can reach it.
  const place = sql`box(point(${query.longitude}::float8, ${query.latitude}::float8), point(${query.longitude}::float8, ${query.latitude}::float8))`;
  const windows = windowsLiteral(query.windows);
  const distance = distanceFromPlace(query.latitude, query.longitude);
  // A required "no preference" asks for nothing.
  const languageRequired = Boolean(query.languageRequired && query.language);
  const genderRequired = Boolean(
    query.caregiverGenderRequired && (query.caregiverGender === "female" || query.caregiverGender === "male"),
  );
  const cultureRequired = Boolean(query.cultureRequired && query.culture);
  const { rows } = await executor.execute<Row>(sql`
    with ${wantedVisits(query.occurrences, query.timeZone)},
    -- Only columns the coverage index carries (migration 0039): the filters, the ranking and the scoring run
    -- on an index-only scan instead of reading every caregiver in reach from the table. A column read here
    -- that the index lacks sends the scan back to the table (tests/integration/matching-index.test.ts).
    eligible as (
      select cp.user_id, cp.slug, cp.first_name, cp.last_name, cp.profile_photo_url, cp.gender, cp.languages,
        cp.skills, cp.cultures, cp.rating_avg, cp.rating_count, cp.years_experience, cp.travel_radius_miles,
        ${distance} as distance_miles
      from caregiver_profiles cp
      where cp.caregiver_status = 'approved'
        and cp.background_check_status = 'clear'
        and ${COVERAGE_BOX} @> ${place}
        and cp.services @> ${sql.param(query.services)}::text[]
        and cp.weekly_availability @> ${windows}::int4multirange
        -- The preferences the family made required (score.ts meetsRequiredPreferences says the same).
        and (not ${languageRequired}::boolean or ${query.language}::text = any(cp.languages))
        and (not ${genderRequired}::boolean or cp.gender = ${query.caregiverGender}::text)
        and (not ${cultureRequired}::boolean or ${query.culture}::text = any(cp.cultures))
        and (${query.onlyCaregiverId ?? null}::text is null or cp.user_id = ${query.onlyCaregiverId ?? null})
        and not (cp.user_id = any(${sql.param(query.excludeCaregiverIds ?? [])}::text[]))
    ),
    -- Nearest first, the preferred before them, whoever reaches the place: every one of them is cheap to
    -- order. The probes below are not (one per caregiver), so they run on this order only until the
    -- pool is full, not on every caregiver in reach (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md).
    ranked as materialized (
      select e.*,
        -- The family's preferred caregivers (and the one this request asked for) rank first (score.ts compareMatches).
        (exists (
          select 1 from preferred_caregivers pc
          where pc.client_id = ${query.clientId}::text and pc.caregiver_id = e.user_id
        ) or e.slug = ${query.requestedCaregiverSlug ?? null}::text) is true as is_preferred
      from eligible e
      where e.distance_miles <= e.travel_radius_miles
      order by is_preferred desc, e.distance_miles
    )
    select e.user_id, e.slug, e.first_name, e.last_name, e.profile_photo_url, e.gender, e.languages, e.skills,
      e.cultures, e.rating_avg, e.rating_count, e.years_experience, e.travel_radius_miles, e.distance_miles,
      -- Cared for this family: at least one visit they completed for one of its orders (a backup
      -- caregiver's visit counts for the backup), never a booking alone.
      exists (
        select 1 from visits v
        join orders o on o.id = v.order_id
        where v.caregiver_id = e.user_id and v.status = 'completed' and o.client_id = ${query.clientId}::text
      ) as cared_for_client,
      e.is_preferred
    -- The ranked rows in their order (one wanted row), the first CANDIDATE_POOL without a clash, without time
    -- off then and without a required credential past its date: the accept would be refused (docs/product-rules.md,
    -- "Credentials that expire"; docs/decisions/0047-credentials-that-expire.md).
    from ranked e, wanted
    where not ${clashesWithVisits(sql.raw("e.user_id"))} and not ${onTimeOff(sql.raw("e.user_id"))}
      and ${hasNoExpiredRequiredCredential(sql`e.user_id`)}
    limit ${CANDIDATE_POOL}::int
  `);
  // The SQL has already left out whoever misses a required preference; this keeps the two in step.
  const eligible = rows.filter((row) => meetsRequiredPreferences(row, query));
  const matches = eligible.map((row): Match => {
    const ratingAvg = row.rating_avg === null ? null : Number(row.rating_avg);
    const distanceMiles = Math.round(Number(row.distance_miles) * 10) / 10;
    const { score, reasons, gaps, parts } = scoreCandidate(
      {
        gender: row.gender,
        languages: row.languages,
        skills: row.skills,
        cultures: row.cultures,
        ratingAvg,
        ratingCount: row.rating_count,
        yearsExperience: row.years_experience,
        distanceMiles,
        travelRadiusMiles: row.travel_radius_miles,
        caredForClient: row.cared_for_client,
        isPreferred: row.is_preferred,
      },
      query,
    );
    return {
      caregiverId: row.user_id,
      slug: row.slug,
      firstName: row.first_name,
      lastInitial: row.last_name.charAt(0),
      photoUrl: row.profile_photo_url,
      ratingAvg,
      ratingCount: row.rating_count,
      languages: row.languages,
      distanceMiles,
      yearsExperience: row.years_experience,
      score,
      scoreParts: parts,
      isPreferred: row.is_preferred,
      reasons,
      gaps,
    };
  });
  matches.sort(compareMatches);
  return matches.slice(0, query.limit ?? 10);
}
