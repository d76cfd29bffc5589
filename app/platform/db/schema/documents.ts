import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./care";
import { careRecipients } from "./recipients";
import { userProfiles } from "./users";

// The family's care documents (docs/product-rules.md, "Care documents"; docs/decisions/0038-care-documents.md):
// health information, private to the family, shared per order with that order's caregiver while the order is
// active, every read by someone else than the family logged.

export const CARE_DOCUMENT_KINDS = ["care_plan", "medication_list", "advance_directive", "other"] as const;
export type CareDocumentKind = (typeof CARE_DOCUMENT_KINDS)[number];

/** One document a family uploaded. A deleted one keeps its row (the read log names it) but loses its file. */
export const careDocuments = pgTable(
  "care_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    /** Who it concerns, among the family's saved care recipients (null: not said, or the person was removed). */
    careRecipientId: uuid("care_recipient_id").references(() => careRecipients.id, { onDelete: "set null" }),
    kind: text("kind").$type<CareDocumentKind>().notNull(),
    title: text("title").notNull(),
    /** A care plan's tasks, as the family typed them (one a line); the caregiver ticks them in the visit note. */
    tasks: jsonb("tasks").$type<string[]>().notNull().default([]),
    /** Key in private storage; null once the document is deleted. */
    storageKey: text("storage_key"),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    originalName: text("original_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    index("care_documents_client_idx").on(table.clientId, table.createdAt),
    check(
      "care_documents_kind_check",
      sql`${table.kind} in ('care_plan', 'medication_list', 'advance_directive', 'other')`,
    ),
  ],
);

/** A document shared with one order: its caregiver may read it while the order is confirmed or in progress. */
export const careDocumentShares = pgTable(
  "care_document_shares",
  {
    documentId: uuid("document_id")
      .notNull()
      .references(() => careDocuments.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.orderId] }),
    index("care_document_shares_order_idx").on(table.orderId),
  ],
);

/**
 * Who read a family's document and when: every read by an administrator or a caregiver, written in the same
 * transaction as its audit event, for the family's read log. Rows are never changed.
 */
export const careDocumentReads = pgTable(
  "care_document_reads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => careDocuments.id, { onDelete: "cascade" }),
    readerId: text("reader_id").references(() => userProfiles.id, { onDelete: "set null" }),
    /** The reader's name when they read it (kept if their account goes). */
    readerName: text("reader_name").notNull(),
    readerRole: text("reader_role").$type<"admin" | "caregiver">().notNull(),
    /** The order through which a caregiver read it. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("care_document_reads_document_idx").on(table.documentId, table.readAt)],
);
