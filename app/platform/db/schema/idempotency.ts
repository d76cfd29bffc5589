import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per submission that creates something (a care request, a contact
 * message, a caregiver application): the form's idempotency key, whose it is
 * and what the first submission answered. Written in the same transaction as
 * what it creates, so a repeat of the key (a double click, a retry after a lost
 * answer) finds the row and answers alike; deleted a day later
 * (docs/decisions/0019-idempotency-keys.md).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** Which form: "care-request", "contact", "caregiver-application". */
    scope: text("scope").notNull(),
    /** The UUID the form was rendered with. */
    key: uuid("key").notNull(),
    /** Whose key it is: a user id, or for a signed-out form what identifies the sender. */
    owner: text("owner").notNull(),
    /** The first submission's answer, replayed to a repeat. */
    result: jsonb("result").$type<unknown>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index("idempotency_keys_created_at_idx").on(table.createdAt),
  ],
);
