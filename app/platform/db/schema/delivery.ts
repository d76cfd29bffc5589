import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { locationSourceEnum } from "./address-location";
import { orders, visits } from "./care";
import { caregiverProfiles } from "./caregivers";
import { userProfiles } from "./users";

// Care delivery (docs/product-rules.md, "Visits"): the thresholds admins set,
// each visit's events (check-in and check-out with their location or fallback,
// edits, alerts, backups), visit notes and their corrections, backup offers,
// the family's feedback and preferred caregivers.

/** The care-delivery thresholds: one row (id 1), edited by admins on /admin/settings. */
export const careSettings = pgTable(
  "care_settings",
  {
    id: smallint("id").primaryKey().default(1),
    /** Check-in opens this many minutes before the visit starts. */
    checkInOpensMinutes: integer("check_in_opens_minutes").notNull().default(60),
    /** Not checked in this many minutes after the start: the caregiver, the family and admins are alerted. */
    lateAlertMinutes: integer("late_alert_minutes").notNull().default(15),
    /** Not checked in this many minutes after the start: the visit is offered to backup caregivers. */
    backupOfferMinutes: integer("backup_offer_minutes").notNull().default(30),
    /** A caregiver cancelling a visit less than this many hours before it starts sets off the backup flow. */
    lateCancelHours: integer("late_cancel_hours").notNull().default(24),
    /** An offline check-in or check-out reaching us later than this after it happened is refused. */
    offlineSyncWindowHours: integer("offline_sync_window_hours").notNull().default(72),
    /** A check-in or check-out synced this many minutes after it happened is a late sync (an EVV exception). */
    lateSyncMinutes: integer("late_sync_minutes").notNull().default(60),
    /** A location farther than this from the visit's address is an EVV exception. */
    locationToleranceMeters: integer("location_tolerance_meters").notNull().default(500),
    /** The caregiver may correct a visit note this long after writing it. */
    noteCorrectionHours: integer("note_correction_hours").notNull().default(24),
    /** The family may edit its feedback this many days after leaving it. */
    feedbackEditDays: integer("feedback_edit_days").notNull().default(14),
    /** A visit worked for less than this percent of its booked time is short: its check-out needs a reason. */
    shortVisitPercent: integer("short_visit_percent").notNull().default(75),
    /** A short visit is charged and paid for at least this many minutes (never more than booked). */
    minimumChargeMinutes: integer("minimum_charge_minutes").notNull().default(60),
    /** A visit moved less than this many hours before it starts (its old or new time) is a late change. */
    lateMoveHours: integer("late_move_hours").notNull().default(24),
    updatedBy: text("updated_by").references(() => userProfiles.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("care_settings_single_row", sql`${table.id} = 1`),
    check(
      "care_settings_positive_check",
      sql`${table.checkInOpensMinutes} >= 0 and ${table.lateAlertMinutes} > 0 and ${table.backupOfferMinutes} >= ${table.lateAlertMinutes}
        and ${table.lateCancelHours} >= 0 and ${table.offlineSyncWindowHours} > 0 and ${table.lateSyncMinutes} > 0
        and ${table.locationToleranceMeters} > 0 and ${table.noteCorrectionHours} >= 0 and ${table.feedbackEditDays} >= 0`,
    ),
    check(
      "care_settings_visit_charge_check",
      sql`${table.shortVisitPercent} between 1 and 100 and ${table.minimumChargeMinutes} >= 0`,
    ),
    check("care_settings_late_move_check", sql`${table.lateMoveHours} >= 0`),
  ],
);

export const VISIT_EVENT_KINDS = [
  "check_in",
  "check_out",
  "times_edited",
  "late_alert",
  "backup_offered",
  "backup_taken",
  "cancelled",
  "missed",
] as const;
export const visitEventKindEnum = pgEnum("visit_event_kind", VISIT_EVENT_KINDS);
export type VisitEventKind = (typeof VISIT_EVENT_KINDS)[number];

/** How a check-in or check-out was verified: the device's location, the family's code, or a typed reason. */
export const VERIFICATION_METHODS = ["location", "code", "reason"] as const;
export const verificationMethodEnum = pgEnum("verification_method", VERIFICATION_METHODS);
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** A visit's history, append-only: what happened, when it happened and when we heard of it. */
export const visitEvents = pgTable(
  "visit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    visitId: uuid("visit_id")
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    kind: visitEventKindEnum("kind").notNull(),
    actorId: text("actor_id").references(() => userProfiles.id, { onDelete: "set null" }),
    /** caregiver, client, admin or system. */
    actorRole: text("actor_role").notNull(),
    /** When it happened (the device's clock for a check-in or check-out). */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** When the server recorded it. */
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    /** The device's id for the event: a repeated sync of the same event is recognised by it. */
    clientEventId: uuid("client_event_id").unique(),
    method: verificationMethodEnum("method"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    accuracyMeters: doublePrecision("accuracy_meters"),
    /** Metres between the recorded location and the visit's address, when both are known. */
    distanceMeters: doublePrecision("distance_meters"),
    /**
     * What distanceMeters was measured to: the geocoded address ("geocoded") or, for an address not
     * yet placed on the map, its ZIP code's centre ("zip_centroid"); null without a distance.
     */
    distanceFrom: locationSourceEnum("distance_from"),
    /** With distanceFrom "zip_centroid": the ZIP code's radius the distance is judged against. */
    zipRadiusMeters: doublePrecision("zip_radius_meters"),
    /** The typed reason (fallback, edit or cancellation). */
    reason: text("reason"),
    /** A check-out before the visit's start, or far shorter than booked: the caregiver's reason. */
    shortReason: text("short_reason"),
    /** Recorded later than care_settings.late_sync_minutes after it happened. */
    isLateSync: boolean("is_late_sync").notNull().default(false),
    /** Kind-specific facts (e.g. the times before and after an edit). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index("visit_events_visit_idx").on(table.visitId, table.occurredAt),
    index("visit_events_kind_idx").on(table.kind, table.recordedAt),
    // The admin's EVV exceptions queue (features/evv/exceptions.server.ts, migration 0037): the events that
    // may be exceptions whatever the settings, and the check events by distance. Migration 0049 rebuilt both
    // carrying the columns the queue reads (INCLUDE, which the schema cannot declare).
    index("visit_events_exception_idx")
      .on(table.visitId)
      .where(
        sql`${table.kind} = 'times_edited' or ${table.shortReason} is not null or ${table.isLateSync} or ${table.distanceFrom} = 'zip_centroid'`,
      ),
    index("visit_events_distance_idx")
      .on(table.distanceMeters)
      .where(sql`${table.distanceMeters} is not null`),
  ],
);

/**
 * Every wrong family code typed for a check-in or check-out. Past a few on a visit, or on one caregiver's
 * visits in a day, the code is closed as a way to verify (docs/product-rules.md, "Visits").
 */
export const familyCodeAttempts = pgTable(
  "family_code_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    visitId: uuid("visit_id")
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("family_code_attempts_visit_idx").on(table.visitId),
    index("family_code_attempts_caregiver_idx").on(table.caregiverId, table.createdAt),
  ],
);

/** What the caregiver records after a visit; the family reads it on the order's timeline. */
export const visitNotes = pgTable(
  "visit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitId: uuid("visit_id")
      .notNull()
      .unique()
      .references(() => visits.id, { onDelete: "cascade" }),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    /** [{ task, status: "done" | "refused", reason? }]: the feature owns the shape. */
    tasks: jsonb("tasks").$type<Record<string, unknown>[]>().notNull().default([]),
    /** [{ documentId, task, done }]: the tasks of the care plans shared with the order (features/care-documents). */
    carePlanTasks: jsonb("care_plan_tasks").$type<Record<string, unknown>[]>().notNull().default([]),
    meals: text("meals").notNull().default(""),
    mood: text("mood"),
    observations: text("observations").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("visit_notes_caregiver_idx").on(table.caregiverId, table.createdAt)],
);

/** A note as it was before each correction: the change is kept. */
export const visitNoteRevisions = pgTable(
  "visit_note_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    noteId: uuid("note_id")
      .notNull()
      .references(() => visitNotes.id, { onDelete: "cascade" }),
    previous: jsonb("previous").$type<Record<string, unknown>>().notNull(),
    revisedBy: text("revised_by").references(() => userProfiles.id, { onDelete: "set null" }),
    revisedAt: timestamp("revised_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("visit_note_revisions_note_idx").on(table.noteId, table.revisedAt)],
);

/** Photos attached to a visit note: private files, same rules as caregiver documents. */
export const visitNotePhotos = pgTable(
  "visit_note_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    noteId: uuid("note_id")
      .notNull()
      .references(() => visitNotes.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Set when a correction removed it (the file is kept with the revision). */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("visit_note_photos_note_idx").on(table.noteId)],
);

export const BACKUP_OFFER_STATUSES = ["offered", "accepted", "withdrawn"] as const;
export const backupOfferStatusEnum = pgEnum("backup_offer_status", BACKUP_OFFER_STATUSES);
export type BackupOfferStatus = (typeof BACKUP_OFFER_STATUSES)[number];

/** A late or cancelled visit offered to backup caregivers: the first to accept takes it. */
export const visitBackupOffers = pgTable(
  "visit_backup_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitId: uuid("visit_id")
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    status: backupOfferStatusEnum("status").notNull().default("offered"),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("visit_backup_offers_visit_caregiver_idx").on(table.visitId, table.caregiverId),
    index("visit_backup_offers_caregiver_idx").on(table.caregiverId, table.status),
  ],
);

export const REVIEW_TAGS = ["punctual", "kind", "skilled", "communicative"] as const;

/** The family's feedback on an order: one per order. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** An admin hid the comment (the stars still count). */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by").references(() => userProfiles.id, { onDelete: "set null" }),
    hiddenReason: text("hidden_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("reviews_caregiver_idx").on(table.caregiverId, table.createdAt),
    check("reviews_rating_check", sql`${table.rating} between 1 and 5`),
  ],
);

/** Caregivers a family marked as preferred: matching ranks them first. */
export const preferredCaregivers = pgTable(
  "preferred_caregivers",
  {
    clientId: text("client_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.caregiverId] })],
);

export const VISIT_MOVE_STATUSES = ["pending", "accepted", "declined", "expired", "withdrawn"] as const;
export const visitMoveStatusEnum = pgEnum("visit_move_status", VISIT_MOVE_STATUSES);
export type VisitMoveStatus = (typeof VISIT_MOVE_STATUSES)[number];

/**
 * What every family request the caregiver answers keeps (a visit's move, a weekly schedule's change): who asked, its
 * status, whether it came late, the deadline for the answer, when and by whom it was answered, and the caregiver's
 * reason for declining.
 */
const requestAnswerColumns = () => ({
  requestedBy: text("requested_by").references(() => userProfiles.id, { onDelete: "set null" }),
  status: visitMoveStatusEnum("status").notNull().default("pending"),
  /** Asked within care_settings.late_move_hours of the first visit it touches (a move: the visit's old or new start). */
  isLate: boolean("is_late").notNull().default(false),
  /** Unanswered by then, it expires: a move's visit at its new time goes to the backup flow, a change reads as declined. */
  deadline: timestamp("deadline", { withTimezone: true }).notNull(),
  answeredAt: timestamp("answered_at", { withTimezone: true }),
  answeredBy: text("answered_by").references(() => userProfiles.id, { onDelete: "set null" }),
  /** The caregiver's reason for declining, if they gave one. */
  reason: text("reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A family's request to move one visit (docs/decisions/0051-moving-a-visit.md): both times kept, the caregiver's
 * answer by the deadline. At most one pending per visit (visit_moves_one_pending_idx).
 */
export const visitMoves = pgTable(
  "visit_moves",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitId: uuid("visit_id")
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The visit's caregiver when it was asked: the one who answers. */
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    oldStartsAt: timestamp("old_starts_at", { withTimezone: true }).notNull(),
    oldEndsAt: timestamp("old_ends_at", { withTimezone: true }).notNull(),
    newStartsAt: timestamp("new_starts_at", { withTimezone: true }).notNull(),
    newEndsAt: timestamp("new_ends_at", { withTimezone: true }).notNull(),
    ...requestAnswerColumns(),
  },
  (table) => [
    check(
      "visit_moves_times_check",
      sql`${table.oldEndsAt} > ${table.oldStartsAt} AND ${table.newEndsAt} > ${table.newStartsAt}`,
    ),
    uniqueIndex("visit_moves_one_pending_idx")
      .on(table.visitId)
      .where(sql`${table.status} = 'pending'`),
    index("visit_moves_order_idx").on(table.orderId, table.createdAt),
    index("visit_moves_caregiver_pending_idx")
      .on(table.caregiverId)
      .where(sql`${table.status} = 'pending'`),
    index("visit_moves_deadline_idx")
      .on(table.deadline)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** The weekly pattern of a recurring order: per weekday (0 = Monday) its windows, as a care request stores it. */
type WeeklyPattern = Record<"0" | "1" | "2" | "3" | "4" | "5" | "6", { start: string; end: string }[]>;

/**
 * A family's request to change a recurring order's weekly schedule from a date on
 * (docs/decisions/0052-changing-a-recurring-schedule.md): the old and the new pattern kept, the caregiver's answer
 * by the deadline, the same statuses as a visit's move. At most one pending per order
 * (schedule_changes_one_pending_idx).
 */
export const scheduleChanges = pgTable(
  "schedule_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order's caregiver when it was asked: the one who answers. */
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    /** The first day (YYYY-MM-DD where care happens) the new pattern applies to. */
    fromDate: text("from_date").notNull(),
    oldWeekly: jsonb("old_weekly").$type<WeeklyPattern>().notNull(),
    newWeekly: jsonb("new_weekly").$type<WeeklyPattern>().notNull(),
    /** The earliest visit the change touches (an old one replaced or a new one booked): deadline and late flag. */
    firstStartsAt: timestamp("first_starts_at", { withTimezone: true }).notNull(),
    ...requestAnswerColumns(),
  },
  (table) => [
    uniqueIndex("schedule_changes_one_pending_idx")
      .on(table.orderId)
      .where(sql`${table.status} = 'pending'`),
    index("schedule_changes_order_idx").on(table.orderId, table.createdAt),
    index("schedule_changes_caregiver_pending_idx")
      .on(table.caregiverId)
      .where(sql`${table.status} = 'pending'`),
    index("schedule_changes_deadline_idx")
      .on(table.deadline)
      .where(sql`${table.status} = 'pending'`),
  ],
);
