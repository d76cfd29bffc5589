import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { userProfiles } from "./users";

// A family's care recipients (docs/product-rules.md, "Care recipients"): the person a request was for, kept so
// that the next request for them starts filled in. Private to the family: health needs are health information.

/**
 * One person a family asks care for. The name and the address are columns (the address in the same two fields as
 * the care request's, so that what applies to a request's address applies here); the rest of what the wizard asks
 * about the person (age, gender, phone, services, health needs, preferences, details) is `person`, whose shape
 * features/care-requests/recipients.ts owns.
 */
export const careRecipients = pgTable(
  "care_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    /** The name as one person is told from another within a family: case, spacing and width ignored. */
    nameKey: text("name_key")
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(btrim(normalize(full_name, NFKC)), '[[:space:]]+', ' ', 'g'))`),
    streetAddress: text("street_address").notNull(),
    zipCode: text("zip_code").notNull(),
    person: jsonb("person").$type<Record<string, unknown>>().notNull(),
    /** When a request for this person was last sent (null: saved from the family's own edits only). */
    lastRequestedAt: timestamp("last_requested_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    uniqueIndex("care_recipients_client_name_idx").on(table.clientId, table.nameKey),
    index("care_recipients_client_idx").on(table.clientId, table.lastRequestedAt),
  ],
);
