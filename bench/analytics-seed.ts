// A year of Tendly for the analytics benchmark (bench/analytics.ts), and for any benchmark that needs a
// platform with history: `seedAnalyticsYear(db, { families })` writes, in a database of its own,
//
// - caregivers: one for every five families, approved, each in one of 25 metros, Monday to Friday
//   availability (8 to 10 hours a day);
// - families: `families`, each with about three orders over the year, in the family's metro;
// - orders: 85% confirmed (1 to 72 hours after submission), the rest cancelled unmatched or still waiting
//   (the last weeks' offered and submitted ones);
// - visits: each confirmed order weekly, 4 to 17 weeks, at its caregiver's own weekday and time slot (so no
//   caregiver is double-booked); past visits 92% worked on time, 3% late but worked, 2% missed, 3%
//   cancelled; future ones scheduled;
// - an invoice for each worked visit (issued an hour after check-out, 10% of them unpaid, a few with a
//   failed card charge) and, for the last 14 days' visits, the caregivers' pending earnings.
//
// Everything is generated in SQL (generate_series and a hash of each row's number), so it is the same on
// every server and takes seconds, not minutes.
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";

export const METROS = [
  ["New York", "NY"],
  ["Los Angeles", "CA"],
  ["Chicago", "IL"],
  ["Houston", "TX"],
  ["Phoenix", "AZ"],
  ["Philadelphia", "PA"],
  ["San Antonio", "TX"],
  ["San Diego", "CA"],
  ["Dallas", "TX"],
  ["Austin", "TX"],
  ["Jacksonville", "FL"],
  ["Columbus", "OH"],
  ["Charlotte", "NC"],
  ["Indianapolis", "IN"],
  ["Seattle", "WA"],
  ["Denver", "CO"],
  ["Boston", "MA"],
  ["Nashville", "TN"],
  ["Detroit", "MI"],
  ["Portland", "OR"],
  ["Las Vegas", "NV"],
  ["Memphis", "TN"],
  ["Baltimore", "MD"],
  ["Milwaukee", "WI"],
  ["Minneapolis", "MN"],
] as const;

// A number in [0, 1) from a row's number and a salt: the same on every server.
const rnd = (n: string, salt: number) =>
  sql.raw(`((hashint8((${n})::bigint * 7919 + ${salt})::bigint & 2147483647) % 1000000) / 1000000.0`);

export type AnalyticsSeed = { families: number; caregivers: number; orders: number; visits: number; invoices: number };

/** Seeds a year ending at `now` into an empty, migrated database; returns how many rows of each. */
export async function seedAnalyticsYear(
  db: Database,
  { families = 10_000, now = new Date() }: { families?: number; now?: Date } = {},
): Promise<AnalyticsSeed> {
  const caregivers = Math.max(10, Math.round(families / 5));
  const orderCount = families * 3;
  const metros = sql.raw(
    `(values ${METROS.map(([city, state], index) => `(${index}, '${city}', '${state}')`).join(", ")}) as m(i, city, state)`,
  );
  // The Monday 52 weeks before `now`, 00:00 UTC: week 0 of the year.
  const start = new Date(now);
  start.setUTCHours(0, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7) - 52 * 7);
  const yearStart = start.toISOString();
  const nowText = now.toISOString();

  await db.execute(sql`
    insert into user_profiles (id, email, name, role)
    select 'bench-cg-' || g, 'cg-' || g || '@bench.test', 'Care Giver' || g, 'caregiver' from generate_series(0, ${caregivers - 1}) g
    union all
    select 'bench-fam-' || g, 'fam-' || g || '@bench.test', 'Family ' || g, 'client' from generate_series(0, ${families - 1}) g
  `);
  await db.execute(sql`
    insert into caregiver_profiles (user_id, slug, first_name, last_name, latitude, longitude, zip_code, city, state,
      caregiver_status, background_check_status, languages, services)
    select 'bench-cg-' || g, 'bench-cg-' || g, 'Care', 'Giver' || g, 41.9, -87.6, '00000', m.city, m.state,
      'approved', 'clear', array['en'], array['companionship']
    from generate_series(0, ${caregivers - 1}) g join ${metros} on m.i = g % 25
  `);
  await db.execute(sql`
    insert into caregiver_availability (caregiver_id, weekday, start_minute, end_minute)
    select 'bench-cg-' || g, d, 480, 480 + (8 + g % 3) * 60
    from generate_series(0, ${caregivers - 1}) g cross join generate_series(0, 4) d
  `);
  // Orders: order i belongs to family i % families and to caregiver i % caregivers in slot
  // (i / caregivers) % 10 (a weekday, morning or afternoon); the orders sharing a slot take turns through the
  // year (period), so none overlaps another.
  const turns = Math.ceil(orderCount / (caregivers * 10));
  const spacing = Math.floor(56 / turns);
  await db.execute(sql`drop table if exists bench_orders`);
  await db.execute(sql`
    create table bench_orders as
    select i,
      'bench-fam-' || (i % ${families}) as client_id,
      'bench-cg-' || (i % ${caregivers}) as caregiver_id,
      (i / ${caregivers}) % 10 as slot,
      ((i / (${caregivers} * 10)) + (i % ${caregivers})) % ${turns} as period,
      4 + floor(${rnd("i", 1)} * ${Math.min(12, spacing - 16)})::int as weeks,
      ${rnd("i", 2)} as fate,
      (i % ${families}) % 25 as metro,
      gen_random_uuid() as request_id,
      gen_random_uuid() as order_id
    from generate_series(0, ${orderCount - 1}) i
  `);
  // A turn's first week is its period's first plus up to (spacing - 16) weeks; it is over before the next.
  await db.execute(sql`
    alter table bench_orders add column first_week int, add column created_at timestamptz
  `);
  await db.execute(sql`
    update bench_orders set first_week = period * ${spacing} + floor(${rnd("i", 3)} * ${spacing - 15})::int
  `);
  await db.execute(sql`
    update bench_orders set created_at = ${yearStart}::timestamptz + (first_week * 7) * interval '1 day'
      - (1 + ${rnd("i", 4)} * 13) * interval '1 day'
  `);
  await db.execute(sql`
    insert into care_requests (id, client_id, request, zip_code, city, state, latitude, longitude, time_zone, services,
      language, caregiver_gender, schedule_type, start_date, created_at)
    select o.request_id, o.client_id, '{}'::jsonb, '00000', m.city, m.state, 41.9, -87.6, 'America/Chicago',
      array['companionship'], 'en', 'no-preference', 'recurring', (o.created_at + interval '7 days')::date, o.created_at
    from bench_orders o join ${metros} on m.i = o.metro
  `);
  // 85% confirmed; the rest cancelled unmatched, or (submitted in the last three weeks) still waiting.
  await db.execute(sql`
    insert into orders (id, order_number, client_id, care_request_id, status, caregiver_id, quote, created_at, confirmed_at,
      cancelled_at)
    select o.order_id, 'TN-B-' || o.i, o.client_id, o.request_id,
      (case when o.fate < 0.85 then 'confirmed'
        when o.created_at > ${nowText}::timestamptz - interval '21 days' then (case when o.fate < 0.93 then 'offered' else 'submitted' end)
        else 'cancelled' end)::order_status,
      case when o.fate < 0.85 then o.caregiver_id end,
      '{"totalCents": 14000, "period": "week"}'::jsonb, o.created_at,
      case when o.fate < 0.85 then least(${nowText}::timestamptz, o.created_at + (1 + ${rnd("o.i", 5)} * 71) * interval '1 hour') end,
      case when o.fate >= 0.85 and o.created_at <= ${nowText}::timestamptz - interval '21 days' then o.created_at + interval '3 days' end
    from bench_orders o
    where o.created_at < ${nowText}::timestamptz
  `);
  // Visits: weekly at the order's slot (weekday slot / 2, 09:00 or 14:00 UTC, four hours).
  await db.execute(sql`
    insert into visits (order_id, caregiver_id, starts_at, ends_at, status, checked_in_at, checked_out_at, late_alerted_at)
    select v.order_id, v.caregiver_id, v.starts_at, v.starts_at + interval '4 hours',
      (case when v.starts_at > ${nowText}::timestamptz then 'scheduled'
        when v.kind < 0.03 then 'cancelled' when v.kind < 0.05 then 'missed' else 'completed' end)::visit_status,
      case when v.starts_at <= ${nowText}::timestamptz - interval '4 hours' and v.kind >= 0.05 then
        v.starts_at + (case when v.kind < 0.08 then 25 else floor(v.kind * 10) end) * interval '1 minute' end,
      case when v.starts_at <= ${nowText}::timestamptz - interval '4 hours' and v.kind >= 0.05 then
        v.starts_at + interval '4 hours' - floor(v.kind * 20) * interval '1 minute' end,
      case when v.starts_at <= ${nowText}::timestamptz and v.kind >= 0.03 and v.kind < 0.08 then v.starts_at + interval '15 minutes' end
    from (
      select o.order_id, o.caregiver_id, o.i * 100 + w as n, ${rnd("o.i * 100 + w", 6)} as kind,
        ${yearStart}::timestamptz + ((o.first_week + w) * 7 + o.slot / 2) * interval '1 day'
          + (case when o.slot % 2 = 0 then 9 else 14 end) * interval '1 hour' as starts_at
      from bench_orders o cross join lateral generate_series(0, o.weeks - 1) w
      where o.fate < 0.85 and o.created_at < ${nowText}::timestamptz
    ) v
    where v.starts_at < ${nowText}::timestamptz + interval '28 days'
  `);
  // An invoice per worked visit; 10% unpaid, and of those one in five with a failed card charge.
  await db.execute(sql`
    insert into invoices (invoice_number, order_id, client_id, period_start, period_end, status, subtotal_cents, total_cents,
      amount_paid_cents, issued_at, due_at, paid_at, last_charge_error)
    select 'INV-B-' || v.id, v.order_id, o.client_id, v.starts_at::date, v.starts_at::date,
      (case when r < 0.9 then 'paid' else 'due' end)::invoice_status,
      round(extract(epoch from v.checked_out_at - v.checked_in_at) / 3600.0 * 3500)::int,
      round(extract(epoch from v.checked_out_at - v.checked_in_at) / 3600.0 * 3500)::int,
      case when r < 0.9 then round(extract(epoch from v.checked_out_at - v.checked_in_at) / 3600.0 * 3500)::int else 0 end,
      v.checked_out_at + interval '1 hour', v.checked_out_at + interval '8 days',
      case when r < 0.9 then v.checked_out_at + interval '2 days' end,
      case when r >= 0.98 then 'card_declined' end
    from (select v.*, ((hashtext(v.id::text)::bigint & 2147483647) % 1000) / 1000.0 as r
      from visits v where v.checked_out_at is not null) v
    join orders o on o.id = v.order_id
  `);
  await db.execute(sql`
    insert into caregiver_earnings (caregiver_id, visit_id, order_id, worked_at, worked_on, minutes, pay_rate_cents, amount_cents)
    select v.caregiver_id, v.id, v.order_id, v.checked_out_at, v.checked_out_at::date,
      greatest(1, round(extract(epoch from v.checked_out_at - v.checked_in_at) / 60))::int, 2400,
      round(extract(epoch from v.checked_out_at - v.checked_in_at) / 3600.0 * 2400)::int
    from visits v where v.checked_out_at > ${nowText}::timestamptz - interval '14 days'
  `);
  await db.execute(sql`drop table bench_orders`);
  await db.execute(sql`analyze`);
  const counted = await db.execute<{ orders: string; visits: string; invoices: string }>(sql`
    select (select count(*) from orders) as orders, (select count(*) from visits) as visits,
      (select count(*) from invoices) as invoices
  `);
  const row = counted.rows[0]!;
  return {
    families,
    caregivers,
    orders: Number(row.orders),
    visits: Number(row.visits),
    invoices: Number(row.invoices),
  };
}
