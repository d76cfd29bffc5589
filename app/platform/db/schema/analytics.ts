import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";

// The admin analytics' per-day summary (docs/decisions/0039-admin-home-and-analytics.md, "Staying fast
// with a year of data"): what the nine metrics add up, per day in ANALYTICS_TIME_ZONE, so that a year
// reads a few thousand rows instead of every visit and invoice. Kept exact by triggers of migration
// 0035, which mark the days an order, visit, invoice or care request change touches
// (analytics_dirty_days), and app/features/analytics/summary.server.ts, which recomputes those days
// before a read. Only days before today are stored; today and later are computed live.

/** Per day and metro ("City, ST" of the care request; null when it has no city). */
export const analyticsDays = pgTable(
  "analytics_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    metro: text("metro"),
    /** Orders submitted that day, and how many of them have a confirmed caregiver. */
    bookings: integer("bookings").notNull(),
    confirmed: integer("confirmed").notNull(),
    /** Hours from submission to confirmation of those confirmed, for the median time to match. */
    matchHours: doublePrecision("match_hours").array().notNull(),
    /** Seconds worked (check-in to check-out) of the visits checked out that day. */
    workedSeconds: numeric("worked_seconds").notNull(),
    /** Totals of the invoices issued that day, void ones left out. */
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
    /** Visits starting that day, not cancelled; of them late-alerted, and missed. */
    due: integer("due").notNull(),
    late: integer("late").notNull(),
    missed: integer("missed").notNull(),
  },
  (table) => [index("analytics_days_day_idx").on(table.day, table.metro)],
);

/** Per day and caregiver: seconds worked of the visits checked out, and visits checked in, that day. */
export const analyticsCaregiverDays = pgTable(
  "analytics_caregiver_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    caregiverId: text("caregiver_id").notNull(),
    workedSeconds: numeric("worked_seconds").notNull(),
    checkedIn: integer("checked_in").notNull(),
  },
  (table) => [
    index("analytics_caregiver_days_day_idx").on(table.day, table.caregiverId),
    index("analytics_caregiver_days_caregiver_idx").on(table.caregiverId, table.day),
  ],
);

// Utilisation and retention count caregivers by their metro and status as they are now, so that the per
// day and caregiver rows above are added up per caregiver metro (migration 0036): the rows below hold, for
// each caregiver metro ("City, ST" of the profile, null without one), what those rows add up to. A change
// of a caregiver's metro, status or availability marks the metros it leaves and enters
// (analytics_dirty_metros), whose rows are then recomputed.

/** Per day and caregiver metro: seconds worked by the caregivers who count (approved, with availability). */
export const analyticsMetroWork = pgTable(
  "analytics_metro_work",
  {
    day: date("day", { mode: "string" }).notNull(),
    metro: text("metro"),
    workedSeconds: numeric("worked_seconds").notNull(),
  },
  (table) => [index("analytics_metro_work_day_idx").on(table.day, table.metro)],
);

/**
 * Per week or month and caregiver metro, for the periods whose next period is over: the caregivers who
 * checked in during the period, and how many of them checked in during the next.
 */
export const analyticsCaregiverPeriods = pgTable(
  "analytics_caregiver_periods",
  {
    unit: text("unit", { enum: ["week", "month"] }).notNull(),
    period: date("period", { mode: "string" }).notNull(),
    metro: text("metro"),
    active: integer("active").notNull(),
    retained: integer("retained").notNull(),
  },
  (table) => [index("analytics_caregiver_periods_period_idx").on(table.unit, table.period, table.metro)],
);

/**
 * Per week or month and caregiver, for the caregivers who checked in during it (days before today): the first
 * and last day they did, so that a range cut inside the period is answered without its days.
 */
export const analyticsCaregiverActive = pgTable(
  "analytics_caregiver_active",
  {
    unit: text("unit", { enum: ["week", "month"] }).notNull(),
    period: date("period", { mode: "string" }).notNull(),
    caregiverId: text("caregiver_id").notNull(),
    firstDay: date("first_day", { mode: "string" }).notNull(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
  },
  (table) => [index("analytics_caregiver_active_period_idx").on(table.unit, table.period, table.caregiverId)],
);

/** Caregiver metros whose rows above must be recomputed (null: caregivers without a metro). */
export const analyticsDirtyMetros = pgTable("analytics_dirty_metros", { metro: text("metro") }, (table) => [
  unique("analytics_dirty_metros_metro_unique").on(table.metro).nullsNotDistinct(),
]);

/** The day up to which (not included) every period whose next period is over has its rows. */
export const analyticsPeriodsThrough = pgTable(
  "analytics_periods_through",
  {
    single: boolean("single").primaryKey().default(true),
    day: date("day", { mode: "string" }).notNull(),
  },
  (table) => [check("analytics_periods_through_single_check", sql`${table.single}`)],
);

/** UTC days (each touching one or two days of ANALYTICS_TIME_ZONE) whose summary must be recomputed. */
export const analyticsDirtyDays = pgTable("analytics_dirty_days", {
  day: date("day", { mode: "string" }).primaryKey(),
});
