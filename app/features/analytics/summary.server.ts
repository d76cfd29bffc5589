import { sql, type SQL } from "drizzle-orm";
import { db, type Database } from "~/platform/db/client.server";
import { localDateIn } from "~/utils/datetime";
import { addDays, ANALYTICS_TIME_ZONE, type Period } from "./metrics";

// The analytics' per-day summary (docs/decisions/0039-admin-home-and-analytics.md, "Staying fast with a
// year of data"; tables in app/platform/db/schema/analytics.ts). The triggers of migration 0035 mark the
// UTC days each change to an order, visit, invoice or care request touches, those of migration 0036 the
// caregiver metros a caregiver's change of metro, status or availability touches; before a read,
// `refreshSummary` recomputes the days of ANALYTICS_TIME_ZONE those touch, when they are over (before
// `today`), and the utilisation and retention rows of those days and metros. A read takes the days before
// the earlier of today and the range's `now` from the summary and computes the rest live with the same SQL
// (`metroDaysOf`, `caregiverDaysOf`), so the figures are those of the rows themselves: no staleness.

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

/** A caregiver's metro ("City, ST" of the profile `cp`; null without one), as utilisation and retention read it. */
export const caregiverMetro = sql`(cp.city || ', ' || cp.state)`;

/** The caregivers who count for utilisation: approved, with a weekly availability. */
export const countingCaregivers = sql`
  select cp.user_id, ${caregiverMetro} as metro from caregiver_profiles cp
  where cp.caregiver_status = 'approved' and exists (select 1 from caregiver_availability ca where ca.caregiver_id = cp.user_id)`;

/** analytics_metro_work's rows of the per day and caregiver rows `cd` (caregivers `c`) that meet `where`. */
const metroWorkOf = (where: SQL) => sql`
  insert into analytics_metro_work (day, metro, worked_seconds)
  select cd.day, c.metro, sum(cd.worked_seconds) from analytics_caregiver_days cd
  join (${countingCaregivers}) c on c.user_id = cd.caregiver_id
  where ${where} group by 1, 2`;

const UNITS: Period[] = ["week", "month"];
const units = (count: number, unit: Period) => sql.raw(`interval '${count} ${unit}'`);

/**
 * The retention rows (analytics_caregiver_periods) of the periods in `wanted` (a relation of column period),
 * each of whose next period must be over: from the per day and caregiver rows of the period and the next,
 * for the caregivers whose current metro meets `metros`. One pass over those rows, each caregiver's next
 * active period by a window function.
 */
function caregiverPeriodsOf(unit: Period, wanted: SQL, metros: (metro: SQL) => SQL, everyDay = false): SQL {
  const days = everyDay
    ? sql`true`
    : sql`cd.day >= (select min(period) from wanted) and cd.day < ((select max(period) from wanted) + ${units(2, unit)})::date`;
  return sql`
    insert into analytics_caregiver_periods (unit, period, metro, active, retained)
    with wanted as (${wanted}), active as (
      select distinct date_trunc(${unit}, cd.day::timestamp)::date as period, cd.caregiver_id, ${caregiverMetro} as metro
      from analytics_caregiver_days cd left join caregiver_profiles cp on cp.user_id = cd.caregiver_id
      where cd.checked_in > 0 and ${days} and ${metros(caregiverMetro)}
    ), followed as (
      select period, metro, lead(period) over (partition by caregiver_id order by period) as next from active
    )
    select ${unit}, period, metro, count(*), count(*) filter (where next = (period + ${units(1, unit)})::date)
    from followed where period in (select period from wanted)
    group by period, metro`;
}

/** The periods (week or month) from the one of `first` whose next period is over by `today`. */
const completePeriods = (unit: Period, first: SQL, today: string) => sql`
  select p::date as period from generate_series(date_trunc(${unit}, (${first})::timestamp),
    (${today}::date - ${units(2, unit)})::timestamp, ${units(1, unit)}) p`;

/**
 * Recomputes the days marked dirty that are over by `today` (later ones wait until they are), the
 * utilisation and retention rows of those days and of the periods whose next period ended since the last
 * refresh, and every row of the caregiver metros marked dirty. One refresh at a time (an advisory lock),
 * so that a read after it sees its result. Returns how many days were recomputed.
 */
export async function refreshSummary(today: string = summaryToday(), database: Database = db): Promise<number> {
  // The last day of ANALYTICS_TIME_ZONE a dirty UTC day touches.
  const lastTouched = sql`((((day + 1)::timestamp at time zone 'UTC') - interval '1 microsecond') at time zone ${ZONE})::date`;
  const pending = await database.execute(sql`
    select 1 where exists (select 1 from analytics_dirty_days where ${lastTouched} < ${today}::date)
      or exists (select 1 from analytics_dirty_metros)
      or not exists (select 1 from analytics_periods_through where day >= ${today}::date)`);
  if (pending.rows.length === 0) return 0;
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics_days'))`);
    const taken = await tx.execute<{ day: string }>(sql`
      with taken as (delete from analytics_dirty_days where ${lastTouched} < ${today}::date returning day)
      select distinct to_char(z, 'YYYY-MM-DD') as day from taken,
        lateral (values (((day::timestamp at time zone 'UTC') at time zone ${ZONE})::date), (${lastTouched})) t(z)`);
    const list = `{${taken.rows.map((row) => row.day).join(",")}}`;
    // The caregiver metros marked (below, all their rows are recomputed; the steps before leave them out).
    const dirty = await tx.execute<{ metro: string | null }>(sql`delete from analytics_dirty_metros returning metro`);
    const metros = dirty.rows.map((row) => row.metro);
    const named = JSON.stringify(metros.filter((metro) => metro !== null));
    const isDirty = (metro: SQL) =>
      metros.length === 0
        ? sql`false`
        : sql`(coalesce(${metro} in (select jsonb_array_elements_text(${named}::jsonb)), false)${metros.includes(null) ? sql` or ${metro} is null` : sql``})`;
    if (taken.rows.length > 0) {
      await tx.execute(sql`delete from analytics_days where day = any(${list}::date[])`);
      await tx.execute(sql`delete from analytics_caregiver_days where day = any(${list}::date[])`);
      await tx.execute(sql`delete from analytics_metro_work where day = any(${list}::date[])`);
      for (const [first, last] of runsOf(taken.rows.map((row) => row.day).sort())) {
        await tx.execute(sql`
          insert into analytics_days (day, metro, bookings, confirmed, match_hours, worked_seconds, revenue_cents, due, late, missed)
          ${metroDaysOf(first, last, sql`now()`)}`);
        await tx.execute(sql`
          insert into analytics_caregiver_days (day, caregiver_id, worked_seconds, checked_in) ${caregiverDaysOf(first, last)}`);
      }
      await tx.execute(metroWorkOf(sql`cd.day = any(${list}::date[]) and not ${isDirty(sql`c.metro`)}`));
    }
    // Retention of a period depends on it and the next: the periods of the days recomputed and the ones
    // before them, and those whose next period ended since the last refresh (from the first day there is,
    // the first time).
    const through = sql`coalesce((select day from analytics_periods_through),
      (select min(day) from analytics_caregiver_days), ${today}::date)`;
    for (const unit of UNITS) {
      const touched = sql`
        select distinct p from (
          select unnest(${list}::date[]) as d
          union all select generate_series((${through})::timestamp, (${today}::date - 1)::timestamp, interval '1 day')::date
        ) days, lateral (values (date_trunc(${unit}, d::timestamp)::date), ((date_trunc(${unit}, d::timestamp) - ${units(1, unit)})::date)) t(p)`;
      await tx.execute(sql`
        with touched as (${touched})
        delete from analytics_caregiver_periods where unit = ${unit} and period in (select p from touched)`);
      await tx.execute(
        caregiverPeriodsOf(
          unit,
          sql`select p as period from (${touched}) t where (p + ${units(2, unit)})::date <= ${today}::date`,
          (metro) => sql`not ${isDirty(metro)}`,
        ),
      );
      await tx.execute(sql`
        with touched as (${touched})
        delete from analytics_caregiver_active where unit = ${unit} and period in (select p from touched)`);
      await tx.execute(sql`
        insert into analytics_caregiver_active (unit, period, caregiver_id, first_day, last_day)
        with touched as (${touched})
        select ${unit}, date_trunc(${unit}, cd.day::timestamp)::date, cd.caregiver_id, min(cd.day), max(cd.day)
        from analytics_caregiver_days cd
        where cd.checked_in > 0 and cd.day >= (select min(p) from touched)
          and cd.day < ((select max(p) from touched) + ${units(1, unit)})::date
          and date_trunc(${unit}, cd.day::timestamp)::date in (select p from touched)
        group by 2, 3`);
    }
    // Caregivers who moved, changed status or availability: their metros' rows, all of them, again.
    if (metros.length > 0) {
      // The caregivers of those metros, listed first so that only their rows are read (through their
      // index); those without a profile too when caregivers without a metro are marked.
      const movers = await tx.execute<{ id: string }>(sql`
        select cp.user_id as id from caregiver_profiles cp where ${isDirty(caregiverMetro)}
        ${metros.includes(null) ? sql`union select d.caregiver_id from analytics_caregiver_days d where not exists (select 1 from caregiver_profiles p where p.user_id = d.caregiver_id)` : sql``}`);
      const ids = `{${movers.rows.map((row) => `"${row.id.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
      const ofMetros = sql`cd.caregiver_id = any(${ids}::text[])`;
      await tx.execute(sql`delete from analytics_metro_work where ${isDirty(sql`metro`)}`);
      await tx.execute(metroWorkOf(sql`${ofMetros} and ${isDirty(sql`c.metro`)}`));
      for (const unit of UNITS) {
        await tx.execute(sql`delete from analytics_caregiver_periods where unit = ${unit} and ${isDirty(sql`metro`)}`);
        await tx.execute(
          caregiverPeriodsOf(
            unit,
            completePeriods(unit, sql`(select min(day) from analytics_caregiver_days)`, today),
            (metro) => sql`${ofMetros} and ${isDirty(metro)}`,
            true,
          ),
        );
      }
    }
    await tx.execute(sql`
      insert into analytics_periods_through (single, day) values (true, ${today}::date)
      on conflict (single) do update set day = excluded.day`);
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

/**
 * Seconds worked per day by the caregivers who count for utilisation (columns day, worked_seconds), in the
 * metro or every metro, from `first` to `last`: analytics_metro_work's before `cutoff`, the rest live.
 */
export function metroWork(first: string, last: string, cutoff: string, metro: string): SQL {
  const inMetro = metro ? sql`metro = ${metro}` : sql`true`;
  const summary = sql`select day, worked_seconds from analytics_metro_work where day >= ${first}::date and day <= ${last}::date and day < ${cutoff}::date and ${inMetro}`;
  if (cutoff > last) return summary;
  return sql`${summary} union all
    select live.day, live.worked_seconds from (${caregiverDaysOf(cutoff > first ? cutoff : first, last)}) live
    join (${countingCaregivers}) c on c.user_id = live.caregiver_id where ${metro ? sql`c.metro = ${metro}` : sql`true`}`;
}

/**
 * The caregivers who checked in during each week or month from `firstPeriod` to `lastPeriod` (columns
 * caregiver_id, period; a caregiver once or more per period), counting only the days from `from` to `last`:
 * analytics_caregiver_active's days before `today` (the first or last day of a caregiver's check-ins in the
 * period against `from` and `last`, which cut at most one end of a period), later days live.
 */
export function caregiverActive(
  unit: Period,
  firstPeriod: string,
  lastPeriod: string,
  from: string,
  last: string,
  today: string,
): SQL {
  const stored = sql`
    select caregiver_id, period from analytics_caregiver_active
    where unit = ${unit} and period >= ${firstPeriod}::date and period <= ${lastPeriod}::date
      and last_day >= ${from}::date and first_day <= ${last}::date`;
  if (today > last) return stored;
  return sql`${stored} union all
    select live.caregiver_id, date_trunc(${unit}, live.day::timestamp)::date
    from (${caregiverDaysOf(today > from ? today : from, last)}) live where live.checked_in > 0`;
}
