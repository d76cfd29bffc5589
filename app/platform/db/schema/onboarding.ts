import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { caregiverProfiles } from "./caregivers";
import { userProfiles, userTimestamps } from "./users";

/**
 * The caregiver application while it is being filled in (the caregiver
 * registration draft): answers keyed by step name, the step the person is on,
 * and the ids of the documents uploaded so far. Kept on the server once the
 * account exists, so the application can be finished on another device.
 */
export const caregiverApplicationDrafts = pgTable("caregiver_application_drafts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => userProfiles.id, { onDelete: "cascade" }),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  currentStep: smallint("current_step").notNull().default(1),
  fileIds: text("file_ids")
    .array()
    .notNull()
    .default([] as string[]),
  submittedAt: timestamp("submitted_at", { withTimezone: true }),
  ...userTimestamps,
});

export const DOCUMENT_KINDS = ["government_id", "certification", "profile_photo"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A caregiver's private document (identity, certificates, the original profile photo). */
export const caregiverDocuments = pgTable(
  "caregiver_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    kind: text("kind").$type<DocumentKind>().notNull(),
    /** Path in private storage; repaired when found under one of the fallback paths. */
    storagePath: text("storage_path").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    originalName: text("original_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("caregiver_documents_caregiver_idx").on(table.caregiverId)],
);

/**
 * The admin side of vetting one caregiver: who set the background check status
 * and when, the adverse-action steps before a rejection based on the check,
 * and the reason of the last decision.
 */
export const caregiverVetting = pgTable("caregiver_vetting", {
  caregiverId: text("caregiver_id")
    .primaryKey()
    .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
  backgroundCheckSetBy: text("background_check_set_by").references(() => userProfiles.id, { onDelete: "set null" }),
  backgroundCheckSetAt: timestamp("background_check_set_at", { withTimezone: true }),
  preAdverseNoticeAt: timestamp("pre_adverse_notice_at", { withTimezone: true }),
  finalAdverseNoticeAt: timestamp("final_adverse_notice_at", { withTimezone: true }),
  decisionReason: text("decision_reason"),
  ...userTimestamps,
});

/**
 * An administrator's notes on one of the references a caregiver gave in the
 * background step (the draft's references, by their position, fixed once the
 * application is submitted), with who saved them last and when.
 */
export const caregiverReferenceNotes = pgTable(
  "caregiver_reference_notes",
  {
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    referenceIndex: smallint("reference_index").notNull(),
    notes: text("notes").notNull(),
    updatedBy: text("updated_by").references(() => userProfiles.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.caregiverId, table.referenceIndex] })],
);

export const CREDENTIAL_KINDS = ["cpr", "tb_test", "licence", "background_recheck"] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/**
 * A caregiver's credential that expires (docs/product-rules.md, "Credentials that expire";
 * docs/decisions/0047-credentials-that-expire.md): one current row per kind, its expiry date and the
 * document that proves it. A renewal replaces the date and clears the reminder stamps.
 */
export const caregiverCredentials = pgTable(
  "caregiver_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    kind: text("kind").$type<CredentialKind>().notNull(),
    /** The last day the credential is valid, a calendar date (YYYY-MM-DD). */
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    documentId: uuid("document_id").references(() => caregiverDocuments.id, { onDelete: "set null" }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: text("verified_by").references(() => userProfiles.id, { onDelete: "set null" }),
    /** When the reminder 30 days (and 7 days) before the date was queued; cleared by a renewal. */
    reminded30At: timestamp("reminded_30_at", { withTimezone: true }),
    reminded7At: timestamp("reminded_7_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("caregiver_credentials_caregiver_kind_unique").on(table.caregiverId, table.kind),
    index("caregiver_credentials_expires_idx").on(table.expiresOn),
    check(
      "caregiver_credentials_kind_check",
      sql`${table.kind} IN ('cpr', 'tb_test', 'licence', 'background_recheck')`,
    ),
  ],
);
