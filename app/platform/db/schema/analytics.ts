import { bigint, date, doublePrecision, index, integer, numeric, pgTable, text } from "drizzle-orm/pg-core";

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
  (table) => [index("analytics_caregiver_days_day_idx").on(table.day, table.caregiverId)],
);

/** UTC days (each touching one or two days of ANALYTICS_TIME_ZONE) whose summary must be recomputed. */
export const analyticsDirtyDays = pgTable("analytics_dirty_days", {
  day: date("day", { mode: "string" }).primaryKey(),
});
