import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Append-only log of the security events and admin actions (docs/product-rules.md, "Accounts and sign-in"). */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id"),
    eventType: text("event_type").notNull(),
    severity: text("severity").notNull().default("info"),
    category: text("category").notNull().default("auth"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audit_events_user_idx").on(table.userId, table.createdAt),
    index("audit_events_type_idx").on(table.eventType, table.createdAt),
    // The viewer's newest-first pages (docs/decisions/0040-admin-lists-and-audit-log.md).
    index("audit_events_created_idx").on(table.createdAt, table.id),
  ],
);
