import { sql, type SQL } from "drizzle-orm";
import { db, type Database } from "~/platform/db/client.server";
import { localDateIn } from "~/utils/datetime";
import { addDays, ANALYTICS_TIME_ZONE } from "./metrics";

// The analytics' per-day summary (docs/decisions/0039-admin-home-and-analytics.md, "Staying fast with a
// year of data"; tables in app/platform/db/schema/analytics.ts). The triggers of migration 0035 mark the
// UTC days each change to an order, visit, invoice or care request touches; before a read,
// `refreshSummary` recomputes the days of ANALYTICS_TIME_ZONE those touch, when they are over (before
// `today`). A read takes the days before the earlier of today and the range's `now` from the summary and
// computes the rest live with the same SQL (`metroDaysLive`, `caregiverDaysLive`), so the figures are
// those of the rows themselves: no staleness.

const ZONE = sql.raw(`'${ANALYTICS_TIME_ZONE}'`);

/** A timestamp's day on the zone's clock. */
const dayOf = (column: SQL) => sql`(${column} at time zone ${ZONE})::date`;

/**
 * The condition that a timestamp falls in the days from `first` to `last` (YYYY-MM-DD, both counted) on the
 * zone's clock: a plain range, so that the indexes on the timestamps serve it.
 */
const within = (column: SQL, first: string, last: string) =>
  sql`${column} >= (${first}::date::timestamp at time zone ${ZONE}) and ${column} < ((${last}::date + 1)::timestamp at time zone ${ZONE})`;

/**
 * The summary's rows per day and metro of the days from `first` to `last`, computed from orders, visits and
 * invoices: visits due only when they started by `now`.
 */
function metroDaysOf(first: string, last: string, now: SQL): SQL {
  return sql`
    with parts as (
      select ${dayOf(sql`o.created_at`)} as day, o.care_request_id, 1 as bookings, (o.confirmed_at is not null)::int as confirmed,
        (extract(epoch from o.confirmed_at - o.created_at) / 3600.0)::float8 as match_hours,
        0::numeric as worked, 0::bigint as revenue, 0 as due, 0 as late, 0 as missed
      from orders o where ${within(sql`o.created_at`, first, last)}
      union all
      select ${dayOf(sql`v.checked_out_at`)}, o.care_request_id, 0, 0, null, extract(epoch from v.checked_out_at - v.checked_in_at), 0, 0, 0, 0
      from visits v join orders o on o.id = v.order_id
      where ${within(sql`v.checked_out_at`, first, last)} and v.checked_in_at is not null
      union all
      select ${dayOf(sql`i.issued_at`)}, o.care_request_id, 0, 0, null, 0, i.total_cents, 0, 0, 0
      from invoices i join orders o on o.id = i.order_id
      where ${within(sql`i.issued_at`, first, last)} and i.status <> 'void'
      union all
      select ${dayOf(sql`v.starts_at`)}, o.care_request_id, 0, 0, null, 0, 0, 1, (v.late_alerted_at is not null)::int, (v.status = 'missed')::int
      from visits v join orders o on o.id = v.order_id
      where ${within(sql`v.starts_at`, first, last)} and v.starts_at <= ${now} and v.status <> 'cancelled'
    )
    select p.day, cr.city || ', ' || cr.state as metro, sum(p.bookings)::int as bookings,
      sum(p.confirmed)::int as confirmed,
      coalesce(array_agg(p.match_hours) filter (where p.match_hours is not null), '{}') as match_hours,
      sum(p.worked) as worked_seconds, sum(p.revenue)::bigint as revenue_cents,
      sum(p.due)::int as due, sum(p.late)::int as late, sum(p.missed)::int as missed
    from parts p join care_requests cr on cr.id = p.care_request_id
    group by 1, 2`;
}

/** The summary's rows per day and caregiver of the days from `first` to `last`: seconds worked, check-ins. */
function caregiverDaysOf(first: string, last: string): SQL {
  return sql`
    select day, caregiver_id, sum(worked) as worked_seconds, sum(checked_in)::int as checked_in from (
      select ${dayOf(sql`v.checked_out_at`)} as day, v.caregiver_id,
        extract(epoch from v.checked_out_at - v.checked_in_at) as worked, 0 as checked_in
      from visits v where ${within(sql`v.checked_out_at`, first, last)} and v.checked_in_at is not null
      union all
      select ${dayOf(sql`v.checked_in_at`)}, v.caregiver_id, 0, 1
      from visits v where ${within(sql`v.checked_in_at`, first, last)}
    ) w group by 1, 2`;
}

/** Runs of consecutive days (sorted YYYY-MM-DD) as [first, last] pairs. */
function runsOf(days: string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && addDays(run[1], 1) === day) run[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/** Today in ANALYTICS_TIME_ZONE (YYYY-MM-DD): the first day the summary does not hold. */
export const summaryToday = (clock: Date = new Date()) => localDateIn(ANALYTICS_TIME_ZONE, clock);

/**
 * Recomputes the days marked dirty that are over by `today`; later ones wait until they are. One refresh
 * at a time (an advisory lock), so that a read after it sees its result.
 */
export async function refreshSummary(today: string = summaryToday(), database: Database = db): Promise<number> {
  // The last day of ANALYTICS_TIME_ZONE a dirty UTC day touches.
  const lastTouched = sql`((((day + 1)::timestamp at time zone 'UTC') - interval '1 microsecond') at time zone ${ZONE})::date`;
  const pending = await database.execute(
    sql`select 1 from analytics_dirty_days where ${lastTouched} < ${today}::date limit 1`,
  );
  if (pending.rows.length === 0) return 0;
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics_days'))`);
    const taken = await tx.execute<{ day: string }>(sql`
      with taken as (delete from analytics_dirty_days where ${lastTouched} < ${today}::date returning day)
      select distinct to_char(z, 'YYYY-MM-DD') as day from taken,
        lateral (values (((day::timestamp at time zone 'UTC') at time zone ${ZONE})::date), (${lastTouched})) t(z)`);
    if (taken.rows.length === 0) return 0;
    const list = `{${taken.rows.map((row) => row.day).join(",")}}`;
    await tx.execute(sql`delete from analytics_days where day = any(${list}::date[])`);
    await tx.execute(sql`delete from analytics_caregiver_days where day = any(${list}::date[])`);
    for (const [first, last] of runsOf(taken.rows.map((row) => row.day).sort())) {
      await tx.execute(sql`
        insert into analytics_days (day, metro, bookings, confirmed, match_hours, worked_seconds, revenue_cents, due, late, missed)
        ${metroDaysOf(first, last, sql`now()`)}`);
      await tx.execute(sql`
        insert into analytics_caregiver_days (day, caregiver_id, worked_seconds, checked_in) ${caregiverDaysOf(first, last)}`);
    }
    return taken.rows.length;
  });
}

/**
 * The per-day rows from `first` to `last` (YYYY-MM-DD, both counted): the summary's before `cutoff`, the
 * rest computed live (visits due by `now`).
 */
export function metroDays(first: string, last: string, cutoff: string, now: Date): SQL {
  const columns = sql`day, metro, bookings, confirmed, match_hours, worked_seconds, revenue_cents, due, late, missed`;
  const summary = sql`select ${columns} from analytics_days where day >= ${first}::date and day <= ${last}::date and day < ${cutoff}::date`;
  if (cutoff > last) return summary;
  const live = metroDaysOf(cutoff > first ? cutoff : first, last, sql`${now.toISOString()}::timestamptz`);
  return sql`${summary} union all select ${columns} from (${live}) live`;
}

export function caregiverDays(first: string, last: string, cutoff: string): SQL {
  const columns = sql`day, caregiver_id, worked_seconds, checked_in`;
  const summary = sql`select ${columns} from analytics_caregiver_days where day >= ${first}::date and day <= ${last}::date and day < ${cutoff}::date`;
  if (cutoff > last) return summary;
  const live = caregiverDaysOf(cutoff > first ? cutoff : first, last);
  return sql`${summary} union all select ${columns} from (${live}) live`;
}
