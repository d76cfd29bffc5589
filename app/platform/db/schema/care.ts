import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { addressLocationColumns } from "./address-location";
import { caregiverProfiles } from "./caregivers";
import { careRecipients } from "./recipients";
import { userProfiles } from "./users";

// The care loop (docs/product-rules.md, "Orders and offers"): pricing, care requests, orders, offers,
// visits, and the job queue that moves offers along. JSON columns are typed
// loosely here: the features own their shapes (infrastructure never imports
// features).

/** The pricing model: one row (id 1), edited in place by admins. */
export const pricingSettings = pgTable(
  "pricing_settings",
  {
    id: smallint("id").primaryKey().default(1),
    /** Hourly rate per service id, in cents. */
    serviceRatesCents: jsonb("service_rates_cents").$type<Record<string, number>>().notNull(),
    /** The caregiver's share of the visit price before the platform fee, in percent. */
    caregiverPayPercent: numeric("caregiver_pay_percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    weekendMultiplier: numeric("weekend_multiplier", { precision: 4, scale: 2, mode: "number" }).notNull(),
    /** Applies to the hours between 22:00 and 06:00. */
    overnightMultiplier: numeric("overnight_multiplier", { precision: 4, scale: 2, mode: "number" }).notNull(),
    minimumHoursPerVisit: numeric("minimum_hours_per_visit", { precision: 4, scale: 2, mode: "number" }).notNull(),
    platformFeePercent: numeric("platform_fee_percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    updatedBy: text("updated_by").references(() => userProfiles.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("pricing_settings_single_row", sql`${table.id} = 1`),
    check(
      "pricing_settings_multipliers_check",
      sql`${table.weekendMultiplier} >= 1 and ${table.overnightMultiplier} >= 1`,
    ),
    check(
      "pricing_settings_percent_check",
      sql`${table.caregiverPayPercent} between 0 and 100 and ${table.platformFeePercent} between 0 and 100`,
    ),
  ],
);

export const promoKindEnum = pgEnum("promo_kind", ["percent", "fixed"]);

export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper case, as typed by families in any case. */
    code: text("code").notNull().unique(),
    kind: promoKindEnum("kind").notNull(),
    /** Percent off (1-100) for `percent`, cents off per order for `fixed`. */
    amount: integer("amount").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    usageCap: integer("usage_cap"),
    timesUsed: integer("times_used").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => userProfiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check("promo_codes_amount_check", sql`${table.amount} > 0 and (${table.kind} = 'fixed' or ${table.amount} <= 100)`),
    check("promo_codes_usage_check", sql`${table.usageCap} is null or ${table.timesUsed} <= ${table.usageCap}`),
  ],
);

/** The /request wizard's draft of a signed-in user (one per user; the newest wins). */
export const careRequestDrafts = pgTable("care_request_drafts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => userProfiles.id, { onDelete: "cascade" }),
  draft: jsonb("draft").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A submitted care request: the parsed request as submitted, plus the columns matching queries by. */
export const careRequests = pgTable(
  "care_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    /** The family's saved person this request was for (null once the family removes them). */
    careRecipientId: uuid("care_recipient_id").references(() => careRecipients.id, { onDelete: "set null" }),
    zipCode: text("zip_code").notNull(),
    city: text("city"),
    state: text("state"),
    /** The ZIP code's centre (the area a caregiver sees before accepting; the time zone's source). */
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    /** The street address on the map, once geocoded (features/geocoding). */
    ...addressLocationColumns("zip_centroid"),
    /** IANA zone the schedule's local times are in (from the ZIP's coordinates: utils/time-zone-lookup.server.ts). */
    timeZone: text("time_zone").notNull(),
    services: text("services").array().notNull(),
    healthNeeds: text("health_needs")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    language: text("language").notNull(),
    caregiverGender: text("caregiver_gender").notNull(),
    culture: text("culture").notNull().default(""),
    scheduleType: text("schedule_type").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("care_requests_client_idx").on(table.clientId, table.createdAt),
    // A family circle's orders, from the care recipient (docs/decisions/0050-family-circle.md).
    index("care_requests_recipient_idx")
      .on(table.careRecipientId)
      .where(sql`${table.careRecipientId} is not null`),
  ],
);

export const ORDER_STATUSES = ["submitted", "offered", "confirmed", "in_progress", "completed", "cancelled"] as const;
export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 1 });

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Human number, e.g. TN-2026-000123 (year of creation, then a sequence). */
    orderNumber: text("order_number")
      .notNull()
      .unique()
      .default(
        sql`'TN-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
      ),
    clientId: text("client_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    careRequestId: uuid("care_request_id")
      .notNull()
      .references(() => careRequests.id, { onDelete: "cascade" }),
    status: orderStatusEnum("status").notNull().default("submitted"),
    caregiverId: text("caregiver_id").references(() => caregiverProfiles.userId, { onDelete: "set null" }),
    /** The quote as booked (recomputed by the server on submit). */
    quote: jsonb("quote").$type<Record<string, unknown>>().notNull(),
    promoCodeId: uuid("promo_code_id").references(() => promoCodes.id, { onDelete: "set null" }),
    cancelledBy: text("cancelled_by").references(() => userProfiles.id, { onDelete: "set null" }),
    cancelledByRole: text("cancelled_by_role"),
    cancelReason: text("cancel_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * Since when the order waits for the team to find a caregiver: no caregiver matched, or every one offered
     * declined or let the offer expire (docs/product-rules.md, "When no caregiver matches"). Null otherwise.
     */
    needsCaregiverSince: timestamp("needs_caregiver_since", { withTimezone: true }),
  },
  (table) => [
    index("orders_client_idx").on(table.clientId, table.createdAt),
    index("orders_care_request_idx").on(table.careRequestId),
    index("orders_caregiver_idx").on(table.caregiverId, table.createdAt),
    index("orders_status_idx").on(table.status, table.createdAt),
    // The admin list and the analytics (newest first, by submission time), and a search of part of an order number (pg_trgm).
    index("orders_created_idx").on(table.createdAt, table.orderNumber),
    index("orders_number_trgm_idx").using("gin", table.orderNumber.op("gin_trgm_ops")),
    // The admin's "Needs a caregiver" queue, oldest first.
    index("orders_needs_caregiver_idx")
      .on(table.needsCaregiverSince)
      .where(sql`${table.needsCaregiverSince} is not null`),
  ],
);

export const OFFER_STATUSES = ["offered", "accepted", "declined", "expired", "withdrawn"] as const;
export const offerStatusEnum = pgEnum("offer_status", OFFER_STATUSES);
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const orderOffers = pgTable(
  "order_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    /** 1 for the first caregiver offered, then 2, 3... */
    rank: smallint("rank").notNull(),
    status: offerStatusEnum("status").notNull().default("offered"),
    reason: text("reason"),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /** The administrator who offered it by hand (an override of the matching); null for the matching's own offers. */
    offeredBy: text("offered_by").references(() => userProfiles.id, { onDelete: "set null" }),
    /** Why the administrator chose this caregiver by hand (required; shown to administrators only). */
    offeredByReason: text("offered_by_reason"),
  },
  (table) => [
    index("order_offers_order_idx").on(table.orderId, table.rank),
    index("order_offers_caregiver_idx").on(table.caregiverId, table.status),
    // At most one open offer per order.
    uniqueIndex("order_offers_one_open_idx")
      .on(table.orderId)
      .where(sql`${table.status} = 'offered'`),
  ],
);

/** The order's timeline. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatusEnum("from_status"),
    toStatus: orderStatusEnum("to_status").notNull(),
    actorId: text("actor_id").references(() => userProfiles.id, { onDelete: "set null" }),
    /** client, caregiver, admin or system. */
    actorRole: text("actor_role").notNull(),
    /**
     * The line as a key and values (features/orders/order-event-note.ts), worded in the reader's language
     * when read; null for an event whose only words are what a person typed (a cancellation's reason).
     */
    wording: jsonb("wording").$type<{ key: string; values: Record<string, string | number> }>(),
    /** What a person typed (a cancellation's reason), shown as typed; never words of the app's own. */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.createdAt)],
);

export const VISIT_STATUSES = ["scheduled", "checked_in", "completed", "missed", "cancelled"] as const;
export const visitStatusEnum = pgEnum("visit_status", VISIT_STATUSES);
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/**
 * Appointments generated from an order's schedule. A caregiver cannot have two
 * overlapping visits that are neither cancelled nor completed: an exclusion constraint
 * (custom migration `visits_no_double_booking`, narrowed in 0026) enforces it in the database.
 */
/**
 * visits.cancel_reason of a visit a schedule change replaced (docs/decisions/0052-changing-a-recurring-schedule.md):
 * it never was care that was called off, so the family's pages and the care timeline leave it out.
 */
export const REPLACED_BY_SCHEDULE_CHANGE = "replaced_by_schedule_change";

export const visits = pgTable(
  "visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: visitStatusEnum("status").notNull().default("scheduled"),
    /**
     * Check-in and check-out as the caregiver's device recorded them (the
     * original times, also when the event reached us later from an offline
     * phone). The how and where of each is in visit_events.
     */
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
    /** Six digits the family's screen shows: the caregiver's check-in proof when location is refused. */
    familyCode: text("family_code")
      .notNull()
      .default(sql`lpad((floor(random() * 1000000))::int::text, 6, '0')`),
    /** The caregiver first booked, when a backup caregiver took the visit over. */
    originalCaregiverId: text("original_caregiver_id").references(() => caregiverProfiles.userId, {
      onDelete: "set null",
    }),
    lateAlertedAt: timestamp("late_alerted_at", { withTimezone: true }),
    backupOfferedAt: timestamp("backup_offered_at", { withTimezone: true }),
    /** When the family and the caregiver were reminded a day and an hour before (features/notifications). */
    remindedDayBeforeAt: timestamp("reminded_day_before_at", { withTimezone: true }),
    remindedHourBeforeAt: timestamp("reminded_hour_before_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by").references(() => userProfiles.id, { onDelete: "set null" }),
    cancelReason: text("cancel_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("visits_order_start_idx").on(table.orderId, table.startsAt),
    index("visits_due_idx")
      .on(table.startsAt)
      .where(sql`${table.status} = 'scheduled'`),
    index("visits_caregiver_idx").on(table.caregiverId, table.startsAt),
    // The admin's attention queue: the scheduled visits already alerted late or offered to backups (migration 0050).
    index("visits_alerted_idx")
      .on(table.startsAt)
      .where(
        sql`${table.status} = 'scheduled' and (${table.lateAlertedAt} is not null or ${table.backupOfferedAt} is not null)`,
      ),
    // The admin analytics and the admin home (migration 0033): hours by check-out, late and missed rates by
    // start, retention by check-in, and the late path's missed visits of the last days.
    index("visits_checked_out_idx")
      .on(table.checkedOutAt)
      .where(sql`${table.checkedOutAt} is not null`),
    index("visits_checked_in_idx")
      .on(table.checkedInAt)
      .where(sql`${table.checkedInAt} is not null`),
    index("visits_starts_idx").on(table.startsAt),
    index("visits_missed_idx")
      .on(table.endsAt)
      .where(sql`${table.status} = 'missed'`),
    // The EVV exceptions queue's visits left checked in after their end (migration 0037).
    index("visits_open_check_in_idx")
      .on(table.endsAt)
      .where(sql`${table.status} = 'checked_in'`),
    check("visits_window_check", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * "On my way": the caregiver's word that they are coming to a visit and about when they arrive
 * (docs/decisions/0046-on-my-way.md). One row per visit, replaced at each press; no location, and
 * nothing of the visit's EVV record (visits' check times, visit_events).
 */
export const visitArrivals = pgTable("visit_arrivals", {
  visitId: uuid("visit_id")
    .primaryKey()
    .references(() => visits.id, { onDelete: "cascade" }),
  caregiverId: text("caregiver_id")
    .notNull()
    .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
  /** The arrival time the caregiver gave (an estimate, or a time they typed). */
  arrivesAt: timestamp("arrives_at", { withTimezone: true }).notNull(),
  /** The last press. */
  announcedAt: timestamp("announced_at", { withTimezone: true }).notNull(),
});

/** Background jobs, claimed with FOR UPDATE SKIP LOCKED by every server process. */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    /** Optional de-duplication key: one pending job per key. */
    key: text("key"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("jobs_due_idx")
      .on(table.runAt)
      .where(sql`${table.doneAt} is null`),
    uniqueIndex("jobs_pending_key_idx")
      .on(table.key)
      .where(sql`${table.doneAt} is null`),
  ],
);
