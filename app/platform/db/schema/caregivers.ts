import { sql } from "drizzle-orm";
import {
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { userProfiles, userTimestamps } from "./users";

/** The box a caregiver's travel radius covers, in degrees (SQL over caregiver_profiles' own columns). */
export const COVERAGE_BOX = sql.raw(
  "box(point(longitude - travel_radius_miles * 1.02 / (69.0 * cos(radians(latitude))), latitude - travel_radius_miles * 1.02 / 69.0), " +
    "point(longitude + travel_radius_miles * 1.02 / (69.0 * cos(radians(latitude))), latitude + travel_radius_miles * 1.02 / 69.0))",
);

/**
 * A caregiver's weekly availability as minute-of-week ranges (Monday 00:00 = 0), kept by a
 * trigger on caregiver_availability (migration 0007), so matching checks every requested window
 * with one containment test on the profile row instead of a probe per window.
 */
const int4multirange = customType<{ data: string; driverData: string }>({
  dataType: () => "int4multirange",
});

export const caregiverStatusEnum = pgEnum("caregiver_status", [
  "pending",
  "approved",
  "suspended",
  "rejected",
  "inactive",
]);
export type CaregiverStatus = (typeof caregiverStatusEnum.enumValues)[number];

export const backgroundCheckStatusEnum = pgEnum("background_check_status", [
  "not_started",
  "in_progress",
  "clear",
  "consider",
  "failed",
]);

export const caregiverProfiles = pgTable(
  "caregiver_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    profilePhotoUrl: text("profile_photo_url"),
    phoneNumber: text("phone_number"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    caregiverStatus: caregiverStatusEnum("caregiver_status").notNull().default("pending"),
    backgroundCheckStatus: backgroundCheckStatusEnum("background_check_status").notNull().default("not_started"),
    yearsExperience: smallint("years_experience").notNull().default(0),
    bio: text("bio"),
    /** The language the caregiver wrote the bio in; readers of the other language see it marked. */
    bioLanguage: text("bio_language", { enum: ["en", "es"] }),
    gender: text("gender"),
    languages: text("languages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    services: text("services")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cultures: text("cultures")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    travelRadiusMiles: smallint("travel_radius_miles").notNull().default(15),
    weeklyAvailability: int4multirange("weekly_availability")
      .notNull()
      .default(sql`'{}'::int4multirange`),
    hourlyRateCents: integer("hourly_rate_cents"),
    ratingAvg: numeric("rating_avg", { precision: 3, scale: 2, mode: "number" }),
    ratingCount: integer("rating_count").notNull().default(0),
    trainingCompletedAt: timestamp("training_completed_at", { withTimezone: true }),
    /** The secret of the caregiver's private calendar feed (ICS); null until first asked for, replaced on reset. */
    calendarToken: text("calendar_token").unique(),
    ...userTimestamps,
  },
  (table) => [
    index("caregiver_profiles_status_idx").on(table.caregiverStatus),
    // The review queue's search of part of a name (pg_trgm).
    index("caregiver_profiles_name_trgm_idx").using(
      "gin",
      sql`(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
    index("caregiver_profiles_services_idx").using("gin", table.services),
    // Matching: the box each matchable caregiver covers (their travel radius around
    // their location, 2% wider), so that "who reaches this place" is one GiST lookup.
    // features/matching/matching.server.ts repeats this expression exactly. Migration 0039 rebuilt it
    // with INCLUDE of every column matching reads (not expressible here), so matching scans the index only.
    index("caregiver_profiles_coverage_idx")
      .using("gist", sql`(${COVERAGE_BOX})`)
      .where(sql`${table.caregiverStatus} = 'approved' and ${table.backgroundCheckStatus} = 'clear'`),
    check("caregiver_profiles_radius_check", sql`${table.travelRadiusMiles} between 1 and 100`),
    check("caregiver_profiles_bio_language_check", sql`${table.bioLanguage} in ('en', 'es')`),
  ],
);

/** Weekly availability: one row per window; weekday 0 = Monday ... 6 = Sunday. */
export const caregiverAvailability = pgTable(
  "caregiver_availability",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    startMinute: smallint("start_minute").notNull(),
    endMinute: smallint("end_minute").notNull(),
  },
  (table) => [
    index("caregiver_availability_caregiver_idx").on(table.caregiverId),
    check("caregiver_availability_weekday_check", sql`${table.weekday} between 0 and 6`),
    check(
      "caregiver_availability_window_check",
      sql`${table.startMinute} >= 0 and ${table.endMinute} <= 1440 and ${table.startMinute} < ${table.endMinute}`,
    ),
  ],
);

export const caregiverCertifications = pgTable(
  "caregiver_certifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    name: text("name").notNull(),
    documentUrl: text("document_url"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("caregiver_certifications_caregiver_idx").on(table.caregiverId)],
);

/** The instants a block of time off covers (migration 0042), as PostgreSQL's text of a tstzmultirange. */
const tstzmultirange = customType<{ data: string; driverData: string }>({
  dataType: () => "tstzmultirange",
});

/**
 * A caregiver's time off (docs/decisions/0048-time-off.md): days of their own calendar (time_zone) from
 * start_date to end_date, every day ('day', 'range') or one weekday (0 = Monday … 6 = Sunday, 'weekly');
 * "blocked" is the instants those days cover. The reason is private to the caregiver and the admins.
 */
export const caregiverTimeOff = pgTable(
  "caregiver_time_off",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["day", "range", "weekly"] }).notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    weekday: smallint("weekday"),
    timeZone: text("time_zone").notNull(),
    reason: text("reason"),
    blocked: tstzmultirange("blocked").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("caregiver_time_off_caregiver_idx").on(table.caregiverId, table.endDate),
    check("caregiver_time_off_kind_check", sql`${table.kind} in ('day', 'range', 'weekly')`),
    check(
      "caregiver_time_off_dates_check",
      sql`${table.endDate} >= ${table.startDate} and ${table.endDate} - ${table.startDate} <= 366`,
    ),
    check(
      "caregiver_time_off_weekday_check",
      sql`(${table.kind} = 'weekly') = (${table.weekday} is not null) and coalesce(${table.weekday}, 0) between 0 and 6`,
    ),
    check("caregiver_time_off_reason_check", sql`char_length(${table.reason}) <= 200`),
  ],
);
