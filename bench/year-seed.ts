// The rest of a year for the signed-in pages' benchmark (bench/pages.ts) and their index test
// (tests/integration/page-indexes.test.ts), on top of bench/analytics-seed.ts's year:
//
// - accounts the pages can be signed in as: every seeded family and caregiver with its role and the family's
//   profile, plus one administrator (`bench-admin`);
// - every worked visit's check-in and check-out events (about one visit in fifty far, short or synced late) and
//   a visit note, written at check-out;
// - one care conversation per family and caregiver pair with a confirmed order, and a message from each side
//   for every worked visit of the pair (the family's the evening before, the caregiver's after check-out),
//   every message read but those of the last week;
// - each invoice's line for its visit;
// - the family's notifications (an invoice issued, for each invoice) and the caregiver's (a visit booked, for
//   each visit), read but for the last week's.
//
// Generated in SQL like the year itself: seconds, the same on every server.
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { ClientInfoSchema, HealthNeedsSchema, ReviewSubmitSchema } from "~/features/care-requests/care-request.schema";

/**
 * Who care is for and what it is, as the wizard stores them (checked by its own schemas, so that a field the pages
 * read and the year lacks fails here, not on a page): the same person for every request of the year.
 */
const CARE_REQUEST_PERSON = ClientInfoSchema.extend(HealthNeedsSchema.shape)
  .extend(ReviewSubmitSchema.shape)
  .parse({
    careRecipient: "loved-one",
    fullName: "Elsa Bench",
    age: 82,
    gender: "female",
    phoneNumber: "(312) 555-0142",
    streetAddress: "2400 N Clark St",
    zipCode: "60614",
    serviceTypes: ["companionship"],
    healthNeeds: [],
    careType: "hourly",
    preferredLanguage: "en",
    caregiverGender: "no-preference",
    culture: "",
    privateRoomAvailable: false,
    additionalDetails: "",
    promoCode: "",
    termsAccepted: true,
  });

export type YearActivity = { notes: number; conversations: number; messages: number; notifications: number };

export type BenchAccount = "family" | "caregiver" | "admin";

/** The signed-in pages of docs/decisions/0042, each with the account that opens it. */
export const SIGNED_IN_PAGES: readonly (readonly [string, BenchAccount])[] = [
  ["/dashboard", "family"],
  ["/dashboard/messages", "family"],
  ["/dashboard/billing", "family"],
  ["/caregiver", "caregiver"],
  ["/caregiver/schedule", "caregiver"],
  ["/caregiver/earnings", "caregiver"],
  ["/admin", "admin"],
  ["/admin/visits", "admin"],
];

/** The administrator the benchmark and the test sign in as (no two-factor: a bench account). */
export const BENCH_ADMIN_ID = "bench-admin";

/** Adds the year's accounts, notes, messages and notifications to a database seeded by seedAnalyticsYear. */
export async function seedYearActivity(db: Database, { now = new Date() }: { now?: Date } = {}): Promise<YearActivity> {
  const nowText = now.toISOString();
  await db.execute(sql`
    insert into user_profiles (id, email, name, role, email_verified)
    values (${BENCH_ADMIN_ID}, 'admin@bench.test', 'Bench Admin', 'admin', true)
    on conflict (id) do nothing
  `);
  await db.execute(sql`
    insert into user_roles (user_id, role)
    select id, role::role from user_profiles where id like 'bench-%'
    on conflict do nothing
  `);
  await db.execute(sql`
    insert into client_profiles (user_id, first_name, last_name, city, state, zip_code)
    select id, 'Family', substr(id, 10), 'Chicago', 'IL', '60614' from user_profiles where id like 'bench-fam-%'
    on conflict do nothing
  `);
  // The request and quote as the pages show them: weekly, on the weekday and hours of the order's first visit.
  await db.execute(sql`
    update care_requests r set request = ${JSON.stringify(CARE_REQUEST_PERSON)}::jsonb || jsonb_build_object(
      'scheduleType', 'recurring', 'startDate', r.start_date, 'endDate', r.start_date + 84,
      'weeklySchedule', (select jsonb_object_agg(d::text, case when d = f.weekday then
          jsonb_build_array(jsonb_build_object('start', f.start_time, 'end', f.end_time)) else '[]'::jsonb end)
        from generate_series(0, 6) d))
    from (
      select o.care_request_id, (extract(isodow from min(v.starts_at))::int - 1) as weekday,
        to_char(min(v.starts_at), 'HH24:MI') as start_time, to_char(min(v.ends_at), 'HH24:MI') as end_time
      from orders o join visits v on v.order_id = o.id group by o.care_request_id
    ) f
    where f.care_request_id = r.id
  `);
  await db.execute(sql`
    update care_requests set request = ${JSON.stringify(CARE_REQUEST_PERSON)}::jsonb || jsonb_build_object('scheduleType', 'recurring', 'startDate', start_date,
      'endDate', start_date + 84, 'weeklySchedule', '{"0":[{"start":"09:00","end":"13:00"}],"1":[],"2":[],"3":[],"4":[],"5":[],"6":[]}'::jsonb)
    where request = '{}'::jsonb
  `);
  // The quote as booking stores it, as far as the pages read it: weekly, one four-hour visit on the weekday and
  // time of the order's first visit where care happens (the caregiver's week shares the pay out by it).
  await db.execute(sql`
    update orders set quote = quote || '{"caregiverPayCents": 9600, "hoursPerWeek": 4, "scheduleType": "recurring",
      "visitsPerPeriod": 1, "visits": []}'::jsonb
  `);
  await db.execute(sql`
    update orders o set quote = o.quote || jsonb_build_object('visits', jsonb_build_array(jsonb_build_object(
      'day', trim(to_char(f.first_start at time zone r.time_zone, 'Day')),
      'start', to_char(f.first_start at time zone r.time_zone, 'HH24:MI'),
      'end', to_char(f.first_end at time zone r.time_zone, 'HH24:MI'),
      'scheduledMinutes', 240, 'billedMinutes', 240, 'amountCents', 12000)))
    from (select order_id, min(starts_at) as first_start, min(ends_at) as first_end from visits group by order_id) f,
      care_requests r
    where f.order_id = o.id and r.id = o.care_request_id
  `);
  // Each worked visit's check-in and check-out, at the address; about one in a hundred far, short or synced late.
  await db.execute(sql`
    insert into visit_events (visit_id, kind, actor_id, actor_role, occurred_at, recorded_at, distance_meters,
      distance_from, short_reason, is_late_sync)
    select v.id, e.kind::visit_event_kind, v.caregiver_id, 'caregiver', e.at,
      e.at + (case when e.kind = 'check_out' and r.x >= 0.995 then interval '3 hours' else interval '2 seconds' end),
      case when e.kind = 'check_in' and r.x < 0.01 then 2500 else 10 + floor(r.x * 60) end, 'geocoded',
      case when e.kind = 'check_out' and r.x >= 0.99 and r.x < 0.995 then 'The family asked me to leave early.' end,
      e.kind = 'check_out' and r.x >= 0.995
    from visits v
    cross join lateral (select ((hashtext(v.id::text)::bigint & 2147483647) % 1000) / 1000.0 as x) r
    cross join lateral (values ('check_in', v.checked_in_at), ('check_out', v.checked_out_at)) as e(kind, at)
    where v.checked_out_at is not null
  `);
  await db.execute(sql`
    insert into visit_notes (visit_id, caregiver_id, tasks, meals, mood, observations, created_at, updated_at)
    select v.id, v.caregiver_id, '[]'::jsonb, 'Lunch', 'calm', 'A quiet visit; a walk after lunch.',
      v.checked_out_at, v.checked_out_at
    from visits v where v.checked_out_at is not null
  `);
  await db.execute(sql`
    insert into conversations (kind, user_a_id, user_b_id, order_id, created_at)
    select distinct on (o.client_id, o.caregiver_id) 'care'::conversation_kind, o.client_id, o.caregiver_id, o.id, o.confirmed_at
    from orders o where o.status = 'confirmed'
    order by o.client_id, o.caregiver_id, o.confirmed_at
  `);
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, side, body, client_key, created_at)
    select c.id, m.sender_id, m.side::message_side, m.body, gen_random_uuid(), m.created_at
    from visits v
    join orders o on o.id = v.order_id
    join conversations c on c.kind = 'care' and c.user_a_id = o.client_id and c.user_b_id = o.caregiver_id
    cross join lateral (values
      (o.client_id, 'a', 'See you tomorrow; the door code is the same.', v.starts_at - interval '15 hours'),
      (o.caregiver_id, 'b', 'All done for today, a good visit.', v.checked_out_at + interval '10 minutes')
    ) as m(sender_id, side, body, created_at)
    where v.checked_out_at is not null
    order by m.created_at
  `);
  // Read marks: everything before the last week read by both sides; the last message's time on each.
  await db.execute(sql`
    update conversations c set
      last_message_at = s.last_at,
      a_delivered_up_to = s.last_id, b_delivered_up_to = s.last_id,
      a_read_up_to = coalesce(s.read_id, 0), b_read_up_to = coalesce(s.read_id, 0)
    from (
      select conversation_id, max(created_at) as last_at, max(id) as last_id,
        max(id) filter (where created_at < ${nowText}::timestamptz - interval '7 days') as read_id
      from messages group by conversation_id
    ) s
    where s.conversation_id = c.id
  `);
  await db.execute(sql`
    insert into notifications (user_id, type, subtype, title, message, status, action_url, created_at, read_at)
    select i.client_id, 'payment'::notification_type, 'invoice_issued', 'Invoice ' || i.invoice_number, 'Your invoice is ready.',
      (case when i.issued_at < ${nowText}::timestamptz - interval '7 days' then 'read' else 'unread' end)::notification_status,
      '/dashboard/billing/' || i.invoice_number, i.issued_at,
      case when i.issued_at < ${nowText}::timestamptz - interval '7 days' then i.issued_at + interval '1 day' end
    from invoices i
    union all
    select v.caregiver_id, 'schedule'::notification_type, 'visit_booked', 'Visit ' || v.id, 'A visit was booked.',
      (case when o.confirmed_at < ${nowText}::timestamptz - interval '7 days' then 'read' else 'unread' end)::notification_status,
      '/caregiver/schedule', o.confirmed_at,
      case when o.confirmed_at < ${nowText}::timestamptz - interval '7 days' then o.confirmed_at + interval '1 day' end
    from visits v join orders o on o.id = v.order_id
  `);
  // Each invoice's line for its visit, as invoicing writes it: without them every worked visit of the year
  // would look unbilled, and the server's invoicing job would go through all of them at each start.
  await db.execute(sql`
    insert into invoice_lines (invoice_id, position, kind, visit_id, figures, amount_cents)
    select i.id, 1, 'visit', v.id, jsonb_build_object(
        'minutes', m.minutes, 'billedMinutes', m.minutes, 'minimumMinutes', null, 'weekendMinutes', 0,
        'overnightWeekdayMinutes', 0, 'overnightWeekendMinutes', 0, 'careCents', i.subtotal_cents,
        'startsAt', v.checked_in_at, 'endsAt', v.checked_out_at, 'timeZone', 'America/Chicago',
        'localDate', i.period_start, 'rateCents', 3500, 'weekendMultiplier', 1, 'overnightMultiplier', 1,
        'isTimesEdited', false),
      i.subtotal_cents
    from invoices i
    join visits v on v.id = substr(i.invoice_number, 7)::uuid
    cross join lateral (select floor(extract(epoch from v.checked_out_at - v.checked_in_at) / 60)::int as minutes) m
    where i.invoice_number like 'INV-B-%'
  `);
  // VACUUM as well as ANALYZE, as autovacuum would have done over a year: it marks the pages all-visible, which
  // the index-only scans of the EVV exceptions queue need (migration 0049), as bench/matching.ts does for matching.
  await db.execute(sql`vacuum analyze`);
  const counted = await db.execute<{
    notes: string;
    conversations: string;
    messages: string;
    notifications: string;
  }>(sql`
    select (select count(*) from visit_notes) as notes, (select count(*) from conversations) as conversations,
      (select count(*) from messages) as messages, (select count(*) from notifications) as notifications
  `);
  const row = counted.rows[0]!;
  return {
    notes: Number(row.notes),
    conversations: Number(row.conversations),
    messages: Number(row.messages),
    notifications: Number(row.notifications),
  };
}

/**
 * The family and the caregiver to sign in as: the busiest now (most visits within two weeks either side of today,
 * so that the home, the schedule and the week show visits under way and coming), then over the year (most visits).
 * The busiest of the year alone may have finished their care months ago: their pages would show nothing current.
 */
export async function busiestAccounts(
  db: Database,
): Promise<{ familyId: string; caregiverId: string; adminId: string }> {
  const isNear = sql`v.starts_at >= now() - interval '14 days' and v.starts_at < now() + interval '14 days'`;
  const result = await db.execute<{ family_id: string; caregiver_id: string }>(sql`
    select
      (select o.client_id from visits v join orders o on o.id = v.order_id group by o.client_id
        order by count(*) filter (where ${isNear}) desc, count(*) desc, o.client_id limit 1) as family_id,
      (select v.caregiver_id from visits v group by v.caregiver_id
        order by count(*) filter (where ${isNear}) desc, count(*) desc, v.caregiver_id limit 1) as caregiver_id
  `);
  const row = result.rows[0]!;
  return { familyId: row.family_id, caregiverId: row.caregiver_id, adminId: BENCH_ADMIN_ID };
}
