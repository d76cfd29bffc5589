import { sql, type SQL } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db, type Executor } from "~/platform/db/client.server";
import type { Role } from "~/utils/roles";
import { localDateIn, zonedInstant } from "~/utils/datetime";
import { addDays, ANALYTICS_TIME_ZONE, type Metric, type MetricPoint, type Period } from "./metrics";
import { caregiverActive, caregiverDays, metroDays, metroWork, refreshSummary, summaryToday } from "./summary.server";

// The admin analytics computed in the database (docs/product-rules.md, "Analytics"; docs/decisions/
// 0039-admin-home-and-analytics.md): one statement per metric, periods cut by date_trunc in
// ANALYTICS_TIME_ZONE, every period of the range present (zero, or null when there is nothing to
// divide by), filtered aggregates for the shares. A metro is "City, ST": the care request's for
// bookings, hours, revenue, matching and visits; the caregiver's own for utilisation and retention.
// bench/analytics.ts times these over a year of data for 10,000 families.

export type AnalyticsActor = { id: string; roles: readonly Role[] };

export type MetricRange = {
  period: Period;
  /** First and last day (YYYY-MM-DD) in ANALYTICS_TIME_ZONE, both counted. */
  from: string;
  to: string;
  /** "City, ST", or empty for every metro. */
  metro: string;
  /** Visits due after it are not counted as late or missed yet; retention needs the next period over. */
  now?: Date;
};

const ZONE = sql.raw(`'${ANALYTICS_TIME_ZONE}'`);

/** The range's instants: its first day's start, and the start of the day after its last. */
function instants(range: MetricRange) {
  return {
    start: zonedInstant(range.from, "00:00", ANALYTICS_TIME_ZONE),
    end: zonedInstant(addDays(range.to, 1), "00:00", ANALYTICS_TIME_ZONE),
  };
}

/** A timestamp's period: its week's Monday or its month's first day, on the zone's clock. */
const bucketOf = (unit: Period, column: SQL) => sql`date_trunc(${unit}, ${column} at time zone ${ZONE})::date`;

/** A care request's metro ("City, ST"); one place to change should metros become a mapping. */
const requestMetro = sql`(cr.city || ', ' || cr.state)`;
const metroIs = (metro: string, expression: SQL) => (metro ? sql`${expression} = ${metro}` : sql`true`);
/**
 * The condition that an order (`o`), or the order of a visit or invoice (its `order_id` column), is in the
 * metro: a semi-join, so that every metro (no metro given) reads the one table alone.
 */
const orderInMetro = (metro: string) =>
  metro ? sql`o.care_request_id in (select cr.id from care_requests cr where ${requestMetro} = ${metro})` : sql`true`;
/** The condition that a caregiver (their id) lives in the metro, by their profile's city and state. */
const caregiverInMetro = (metro: string, caregiverId: SQL) =>
  metro
    ? sql`${caregiverId} in (select cp.user_id from caregiver_profiles cp where (cp.city || ', ' || cp.state) = ${metro})`
    : sql`true`;
const ofOrderInMetro = (metro: string, orderId: SQL) =>
  metro
    ? sql`${orderId} in (select o.id from orders o join care_requests cr on cr.id = o.care_request_id where ${requestMetro} = ${metro})`
    : sql`true`;

type Row = {
  period: string;
  value: number | string | null;
  numerator?: number | string;
  denominator?: number | string;
};

/**
 * Every period of the range with the figures of `inner` (columns period, value and optionally
 * numerator and denominator, grouped by period); periods without rows read `empty`.
 */
async function perPeriod(
  executor: Executor,
  range: MetricRange,
  inner: SQL,
  empty: { value: number | null; withCounts: boolean },
): Promise<MetricPoint[]> {
  const { start, end } = instants(range);
  const result = await executor.execute<Row>(sql`
    with periods as (
      select generate_series(
        date_trunc(${range.period}, ${start.toISOString()}::timestamptz at time zone ${ZONE}),
        date_trunc(${range.period}, (${end.toISOString()}::timestamptz - interval '1 microsecond') at time zone ${ZONE}),
        ('1 ' || ${range.period})::interval
      )::date as period
    ), figures as (${inner})
    select to_char(p.period, 'YYYY-MM-DD') as period, f.value
      ${empty.withCounts ? sql`, f.numerator, f.denominator` : sql``}
    from periods p left join figures f on f.period = p.period
    order by p.period
  `);
  return result.rows.map((row) => {
    const point: MetricPoint = {
      period: row.period,
      value: row.value === null || row.value === undefined ? empty.value : Number(row.value),
    };
    if (empty.withCounts) {
      point.numerator = Number(row.numerator ?? 0);
      point.denominator = Number(row.denominator ?? 0);
    }
    return point;
  });
}

export type SumMetric = "bookings" | "hours" | "revenue";

/**
 * The three sums, each read from one place: what is counted, from which rows, stamped when. The
 * analytics' periods and the admin home's week against last week both use them.
 */
const SUMS: Record<SumMetric, { at: SQL; value: SQL; from: SQL; where: SQL; inMetro: (metro: string) => SQL }> = {
  // Orders submitted (later cancelled ones too).
  bookings: {
    at: sql`o.created_at`,
    value: sql`count(*)`,
    from: sql`orders o`,
    where: sql`true`,
    inMetro: orderInMetro,
  },
  // Hours worked: check-in to check-out of the visits checked out.
  hours: {
    at: sql`v.checked_out_at`,
    value: sql`coalesce(sum(extract(epoch from v.checked_out_at - v.checked_in_at)) / 3600.0, 0)`,
    from: sql`visits v`,
    where: sql`v.checked_in_at is not null`,
    inMetro: (metro) => ofOrderInMetro(metro, sql`v.order_id`),
  },
  // Revenue: the totals of the invoices issued, void ones left out, in cents.
  revenue: {
    at: sql`i.issued_at`,
    value: sql`coalesce(sum(i.total_cents), 0)`,
    from: sql`invoices i`,
    where: sql`i.status <> 'void'`,
    inMetro: (metro) => ofOrderInMetro(metro, sql`i.order_id`),
  },
};

/** A sum over [start, end) in every metro. */
export async function readSum({
  actor,
  metric,
  start,
  end,
  executor = db,
}: {
  actor: AnalyticsActor;
  metric: SumMetric;
  start: Date;
  end: Date;
  executor?: Executor;
}): Promise<number> {
  actorAs(actor, "admin");
  const source = SUMS[metric];
  const result = await executor.execute<{ value: string | number | null }>(sql`
    select ${source.value} as value from ${source.from}
    where ${source.at} >= ${start.toISOString()}::timestamptz and ${source.at} < ${end.toISOString()}::timestamptz
      and ${source.where}
  `);
  return Number(result.rows[0]?.value ?? 0);
}

/**
 * Utilisation: hours worked by approved caregivers (in the metro) with a weekly availability, from `worked`
 * (columns period, hours; it may read the CTE `offered`), over the hours their availability offers in the
 * part of each period inside the range (weekly hours x days / 7).
 */
function utilisationSql(range: MetricRange, start: Date, end: Date, worked: SQL): SQL {
  const unit = range.period;
  const from = start.toISOString();
  const to = end.toISOString();
  return sql`
    with offered as (
      select cp.user_id, sum(ca.end_minute - ca.start_minute) / 60.0 as weekly_hours
      from caregiver_profiles cp join caregiver_availability ca on ca.caregiver_id = cp.user_id
      where cp.caregiver_status = 'approved' and ${metroIs(range.metro, sql`(cp.city || ', ' || cp.state)`)}
      group by cp.user_id
    ), worked as (${worked}), periods as (
      select p::date as period,
        (least(p + ('1 ' || ${unit})::interval, ${to}::timestamptz at time zone ${ZONE})::date
          - greatest(p, ${from}::timestamptz at time zone ${ZONE})::date) as days
      from generate_series(
        date_trunc(${unit}, ${from}::timestamptz at time zone ${ZONE}),
        date_trunc(${unit}, (${to}::timestamptz - interval '1 microsecond') at time zone ${ZONE}),
        ('1 ' || ${unit})::interval
      ) as p
    ), available as (select coalesce(sum(weekly_hours), 0) as weekly_hours from offered)
    select p.period, round(coalesce(w.hours, 0))::bigint as numerator,
      round(a.weekly_hours * p.days / 7.0)::bigint as denominator,
      coalesce(w.hours, 0) / nullif(a.weekly_hours * p.days / 7.0, 0) as value
    from periods p cross join available a left join worked w on w.period = p.period`;
}

/**
 * Retention's counts: of the caregivers active in a period (`active`: columns caregiver_id, period, one row
 * each), how many (denominator) and how many active in the next (numerator); columns period, numerator,
 * denominator.
 */
function retentionCounts(unit: Period, active: SQL): SQL {
  return sql`
    with active as (${active}), followed as (
      select period, lead(period) over (partition by caregiver_id order by period) as next from active
    )
    select period, count(*) filter (where next = (period + ('1 ' || ${unit})::interval)::date) as numerator,
      count(*) as denominator
    from followed
    group by period`;
}

/** Retention from its counts (`counts`): the share, unknown until the next period is over by `now`. */
function retentionSql(unit: Period, now: Date, counts: SQL): SQL {
  return sql`
    select period, numerator, denominator,
      case when (period + ('2 ' || ${unit})::interval) <= (${now.toISOString()}::timestamptz at time zone ${ZONE})
        then numerator::float8 / nullif(denominator, 0) end as value
    from (${counts}) counts`;
}

/**
 * The SQL of each metric's figures per period (columns period, value[, numerator, denominator]) from the
 * rows themselves: the definition the per-day summary must equal (`summarySql`; tests compare the two).
 */
function rowsSql(metric: Metric, range: MetricRange, start: Date, end: Date, now: Date): SQL {
  const unit = range.period;
  const from = start.toISOString();
  const to = end.toISOString();
  switch (metric) {
    case "bookings":
    case "hours":
    case "revenue": {
      const source = SUMS[metric];
      return sql`
        select ${bucketOf(unit, source.at)} as period, ${source.value} as value
        from ${source.from}
        where ${source.at} >= ${from}::timestamptz and ${source.at} < ${to}::timestamptz and ${source.where}
          and ${source.inMetro(range.metro)}
        group by 1`;
    }
    // Of the orders submitted in the period, the share that got a confirmed caregiver.
    case "fillRate":
      return sql`
        select ${bucketOf(unit, sql`o.created_at`)} as period,
          count(*) filter (where o.confirmed_at is not null) as numerator, count(*) as denominator,
          count(*) filter (where o.confirmed_at is not null)::float8 / nullif(count(*), 0) as value
        from orders o
        where o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz and ${orderInMetro(range.metro)}
        group by 1`;
    // The median hours from submission to a confirmed caregiver, of the orders submitted in the period.
    case "timeToMatch":
      return sql`
        select ${bucketOf(unit, sql`o.created_at`)} as period,
          percentile_cont(0.5) within group (order by extract(epoch from o.confirmed_at - o.created_at) / 3600.0) as value,
          count(*) as numerator, count(*) as denominator
        from orders o
        where o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz
          and o.confirmed_at is not null and ${orderInMetro(range.metro)}
        group by 1`;
    // Hours worked by approved caregivers over the hours their weekly availability offers in the part
    // of the period inside the range (weekly hours x days / 7).
    case "utilisation":
      return utilisationSql(
        range,
        start,
        end,
        sql`
          select ${bucketOf(unit, sql`v.checked_out_at`)} as period,
            sum(extract(epoch from v.checked_out_at - v.checked_in_at)) / 3600.0 as hours
          from visits v join offered on offered.user_id = v.caregiver_id
          where v.checked_out_at >= ${from}::timestamptz and v.checked_out_at < ${to}::timestamptz and v.checked_in_at is not null
          group by 1`,
      );
    // Of the caregivers who worked (checked in to a visit) in the period, the share who work in the next;
    // unknown until the next period is over.
    case "retention":
      return retentionSql(
        unit,
        now,
        retentionCounts(
          unit,
          sql`
            select v.caregiver_id, ${bucketOf(unit, sql`v.checked_in_at`)} as period
            from visits v
            where v.checked_in_at >= ${from}::timestamptz
              and v.checked_in_at < ${to}::timestamptz + ('1 ' || ${unit})::interval
              and ${caregiverInMetro(range.metro, sql`v.caregiver_id`)}
            group by 1, 2`,
        ),
      );
    // Of the visits due in the period (started by now, not cancelled), the share that were late (alerted
    // as not checked in in time) or missed.
    case "lateRate":
    case "missedRate": {
      const condition = metric === "lateRate" ? sql`v.late_alerted_at is not null` : sql`v.status = 'missed'`;
      return sql`
        select ${bucketOf(unit, sql`v.starts_at`)} as period,
          count(*) filter (where ${condition}) as numerator, count(*) as denominator,
          count(*) filter (where ${condition})::float8 / nullif(count(*), 0) as value
        from visits v
        where v.starts_at >= ${from}::timestamptz and v.starts_at < ${to}::timestamptz
          and v.starts_at <= ${now.toISOString()}::timestamptz and v.status <> 'cancelled'
          and ${ofOrderInMetro(range.metro, sql`v.order_id`)}
        group by 1`;
    }
  }
}

/** The first day (YYYY-MM-DD) of the week (from Monday) or month `count` periods after the one of `day`. */
function periodAfter(day: string, unit: Period, count = 0): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  if (unit === "month") return new Date(Date.UTC(year, month - 1 + count, 1)).toISOString().slice(0, 10);
  const weekday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
  return addDays(day, count * 7 - weekday);
}

/**
 * The last day retention reads: the range's end (the day after `to`) plus a week or a calendar month (the
 * day of the month kept, or the month's last), less a day, as `rowsSql`'s `end + 1 unit` does.
 */
function retentionLastDay(to: string, unit: Period): string {
  const end = addDays(to, 1);
  if (unit === "week") return addDays(end, 6);
  const [year, month, date] = end.split("-").map(Number) as [number, number, number];
  const lastOfNext = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return addDays(new Date(Date.UTC(year, month, Math.min(date, lastOfNext))).toISOString().slice(0, 10), -1);
}

/**
 * Retention's counts from the summary: the periods that are whole in the range, whose next period is whole
 * in what retention reads and over before `cutoff`, from analytics_caregiver_periods; the others (a range
 * cut mid-period, the last periods, the live part) from the per day and caregiver rows of just those
 * periods and the next.
 */
function retentionSummary(range: MetricRange, today: string): SQL {
  const unit = range.period;
  const lastDay = retentionLastDay(range.to, unit);
  const firstPeriod = periodAfter(range.from, unit);
  const lastPeriod = periodAfter(lastDay, unit);
  const inMetro = caregiverInMetro(range.metro, sql`a.caregiver_id`);
  // The counts of the periods from `first` to `last`, reading the days up to `upTo`.
  const counts = (first: string, last: string, upTo = lastDay) =>
    retentionCounts(
      unit,
      sql`select a.caregiver_id, a.period from (${caregiverActive(unit, first, last, range.from, upTo, today)}) a where ${inMetro} group by 1, 2`,
    );
  if (lastPeriod === firstPeriod) {
    // One period holding both ends of what is read (not met by weeks or months): from the days themselves.
    return retentionCounts(
      unit,
      sql`
        select md.caregiver_id as caregiver_id, date_trunc(${unit}, md.day::timestamp)::date as period
        from (${caregiverDays(range.from, lastDay, today)}) md
        where md.checked_in > 0 and ${caregiverInMetro(range.metro, sql`md.caregiver_id`)} group by 1, 2`,
    );
  }
  const firstStored = firstPeriod === range.from ? firstPeriod : periodAfter(firstPeriod, unit, 1);
  // Stored: the next period ends by the last day read and before today.
  const lastEnd = addDays(lastDay < today ? lastDay : addDays(today, -1), 1);
  let afterStored = periodAfter(range.to, unit, 1);
  while (afterStored > firstStored && periodAfter(afterStored, unit, 1) > lastEnd) {
    afterStored = periodAfter(afterStored, unit, -1);
  }
  if (afterStored <= firstStored) return counts(firstPeriod, lastPeriod);
  // The periods read from the caregivers' periods: the first when the range starts inside it (with the next),
  // and those from afterStored.
  const leading = firstStored !== firstPeriod;
  return sql`
    select period, numerator, denominator from (${counts(afterStored, lastPeriod)}) later_periods
    where period >= ${afterStored}::date
    ${leading ? sql`union all select period, numerator, denominator from (${counts(firstPeriod, firstStored, addDays(periodAfter(firstStored, unit, 1), -1))}) first_period where period = ${firstPeriod}::date` : sql``}
    union all
    select period, sum(retained), sum(active) from analytics_caregiver_periods
    where unit = ${unit} and period >= ${firstStored}::date and period < ${afterStored}::date
      and ${metroIs(range.metro, sql`metro`)}
    group by period`;
}

/**
 * The same figures as `rowsSql`, added up from the per-day summary (summary.server.ts): the days before
 * `cutoff` read from it, later ones computed live.
 */
function summarySql(
  metric: Metric,
  range: MetricRange,
  start: Date,
  end: Date,
  now: Date,
  cutoff: string,
  today: string,
): SQL {
  const unit = range.period;
  const period = sql`date_trunc(${unit}, md.day)::date`;
  const days = sql`(${metroDays(range.from, range.to, cutoff, now)}) md`;
  const inMetro = metroIs(range.metro, sql`md.metro`);
  const share = (part: SQL, whole: SQL) => sql`
    select ${period} as period, sum(${part}) as numerator, sum(${whole}) as denominator,
      sum(${part})::float8 / nullif(sum(${whole}), 0) as value
    from ${days} where ${inMetro} group by 1`;
  switch (metric) {
    case "bookings":
      return sql`select ${period} as period, sum(md.bookings) as value from ${days} where ${inMetro} group by 1`;
    case "hours":
      return sql`select ${period} as period, coalesce(sum(md.worked_seconds) / 3600.0, 0) as value from ${days} where ${inMetro} group by 1`;
    case "revenue":
      return sql`select ${period} as period, coalesce(sum(md.revenue_cents), 0) as value from ${days} where ${inMetro} group by 1`;
    case "fillRate":
      return share(sql`md.confirmed`, sql`md.bookings`);
    case "timeToMatch":
      return sql`
        select ${period} as period, percentile_cont(0.5) within group (order by h) as value,
          count(*) as numerator, count(*) as denominator
        from ${days} cross join lateral unnest(md.match_hours) h where ${inMetro} group by 1`;
    case "lateRate":
      return share(sql`md.late`, sql`md.due`);
    case "missedRate":
      return share(sql`md.missed`, sql`md.due`);
    case "utilisation":
      return utilisationSql(
        range,
        start,
        end,
        sql`
          select ${period} as period, sum(md.worked_seconds) / 3600.0 as hours
          from (${metroWork(range.from, range.to, cutoff, range.metro)}) md
          group by 1`,
      );
    case "retention":
      // Check-ins do not depend on `now`: the summary's days before today serve whatever the range's `now`.
      return retentionSql(unit, now, retentionSummary(range, today));
  }
}

const WITH_COUNTS: Record<Metric, boolean> = {
  bookings: false,
  hours: false,
  revenue: false,
  fillRate: true,
  timeToMatch: true,
  utilisation: true,
  retention: true,
  lateRate: true,
  missedRate: true,
};

/**
 * One metric over the range, one point per period (oldest first): from the per-day summary, refreshed
 * first (`source: "rows"` computes it from the rows alone, as the summary's reference).
 */
export async function readMetric({
  actor,
  metric,
  range,
  source = "summary",
  executor = db,
}: {
  actor: AnalyticsActor;
  metric: Metric;
  range: MetricRange;
  source?: "summary" | "rows";
  executor?: Executor;
}): Promise<MetricPoint[]> {
  actorAs(actor, "admin");
  const { start, end } = instants(range);
  const now = range.now ?? new Date();
  const isSum = metric === "bookings" || metric === "hours" || metric === "revenue";
  let inner: SQL;
  if (source === "rows") inner = rowsSql(metric, range, start, end, now);
  else {
    const today = summaryToday();
    await refreshSummary(today);
    const nowDay = localDateIn(ANALYTICS_TIME_ZONE, now);
    inner = summarySql(metric, range, start, end, now, nowDay < today ? nowDay : today, today);
  }
  return perPeriod(executor, range, inner, {
    value: isSum ? 0 : null,
    withCounts: WITH_COUNTS[metric],
  });
}

/** The metros there are data for ("City, ST"), families' and caregivers' alike, in order. */
export async function listMetros({
  actor,
  executor = db,
}: {
  actor: AnalyticsActor;
  executor?: Executor;
}): Promise<string[]> {
  actorAs(actor, "admin");
  const result = await executor.execute<{ metro: string }>(sql`
    select metro from (
      select distinct cr.city || ', ' || cr.state as metro
      from orders o join care_requests cr on cr.id = o.care_request_id
      union
      select distinct cp.city || ', ' || cp.state from caregiver_profiles cp where cp.caregiver_status = 'approved'
    ) m where metro is not null order by metro
  `);
  return result.rows.map((row) => row.metro);
}
