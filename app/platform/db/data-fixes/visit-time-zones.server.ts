import type pg from "pg";
import { timeZoneAt } from "~/utils/time-zone-lookup.server";
import { pgErrorCode } from "~/platform/db/pg-errors";

// One-time data fix `visit_time_zones` (migration 0009): a care request's zone
// used to come from its state, wrong where part of a state keeps another
// zone (El Paso TX is on Mountain time, the Florida panhandle on Central...).
// Each stored request gets the zone of its coordinates. Where that changes,
// its future visits move so that their wall-clock times stay what the family
// chose: a visit stored as 09:00 America/Chicago becomes 09:00 America/Denver.
//
// What is stored: care_requests.time_zone (IANA name), the schedule in local
// dates and times (care_requests.request), and each visit as UTC instants
// (visits.starts_at/ends_at, timestamptz). Past and started visits are history
// and keep their instants. Cancelled future visits move too: the horizon job
// recreates a schedule's visits with `on conflict (order_id, starts_at) do
// nothing`, so a cancelled visit must sit on the new instant to stay cancelled.
//
// Idempotent: a request whose zone already matches its coordinates is left
// alone, so a second run changes nothing. Written in plain SQL against the
// tables as they are at 0009, not the Drizzle schema, which will move on.

export type VisitTimeZonesResult = {
  requestsChanged: number;
  visitsShifted: number;
  /** Visits that could not move without overlapping another visit of their caregiver: left at their instant. */
  visitsKept: string[];
};

type Queryable = Pick<pg.ClientBase, "query">;

type PendingVisit = { id: string; newStart: Date; newEnd: Date };

// Exclusion (double booking) and unique (order, start) violations: the move
// may only clash with a visit that has not moved yet, so it is tried again.
const CLASH_CODES = new Set(["23P01", "23505"]);

/** Moves visits one at a time, again and again while any still moves (a visit may wait for its neighbour). */
async function moveVisits(client: Queryable, visits: PendingVisit[]): Promise<{ moved: number; kept: string[] }> {
  let pending = visits;
  let moved = 0;
  for (;;) {
    const blocked: PendingVisit[] = [];
    for (const visit of pending) {
      await client.query("savepoint move_visit");
      try {
        await client.query("update visits set starts_at = $2, ends_at = $3 where id = $1", [
          visit.id,
          visit.newStart,
          visit.newEnd,
        ]);
        await client.query("release savepoint move_visit");
        moved += 1;
      } catch (error) {
        await client.query("rollback to savepoint move_visit");
        if (!CLASH_CODES.has(pgErrorCode(error) ?? "")) throw error;
        blocked.push(visit);
      }
    }
    if (blocked.length === 0 || blocked.length === pending.length) {
      return { moved, kept: blocked.map((visit) => visit.id) };
    }
    pending = blocked;
  }
}

/**
 * Recomputes every care request's zone from its coordinates and moves the
 * future visits of those that changed. Run inside the caller's transaction.
 */
export async function fixVisitTimeZones(client: Queryable, now: Date = new Date()): Promise<VisitTimeZonesResult> {
  const result: VisitTimeZonesResult = { requestsChanged: 0, visitsShifted: 0, visitsKept: [] };
  const { rows: requests } = await client.query<{
    id: string;
    latitude: number;
    longitude: number;
    time_zone: string;
  }>("select id, latitude, longitude, time_zone from care_requests order by created_at, id");
  for (const request of requests) {
    const zone = timeZoneAt(request.latitude, request.longitude);
    if (zone === request.time_zone) continue;
    await client.query("update care_requests set time_zone = $2 where id = $1", [request.id, zone]);
    result.requestsChanged += 1;
    // The same wall-clock reading, in the new zone: (instant at old zone) is
    // the local timestamp, and (local at new zone) the instant it reads there.
    const { rows: visits } = await client.query<{ id: string; new_start: Date; new_end: Date }>(
      `select v.id,
              (v.starts_at at time zone $2) at time zone $3 as new_start,
              (v.ends_at at time zone $2) at time zone $3 as new_end
       from visits v
       join orders o on o.id = v.order_id
       where o.care_request_id = $1 and v.starts_at > $4 and v.status in ('scheduled', 'cancelled')
       order by v.starts_at`,
      [request.id, request.time_zone, zone, now],
    );
    const { moved, kept } = await moveVisits(
      client,
      visits.map((visit) => ({ id: visit.id, newStart: visit.new_start, newEnd: visit.new_end })),
    );
    result.visitsShifted += moved;
    result.visitsKept.push(...kept);
  }
  return result;
}
