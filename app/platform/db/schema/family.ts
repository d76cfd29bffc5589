import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { careRecipients } from "./recipients";
import { invitationColumns } from "./security";
import { userProfiles } from "./users";

// The family circle of a care recipient (docs/decisions/0050-family-circle.md): the people the account holder
// (the client who saved the recipient) lets in, each with a role, and the invitations that bring them in.

export const FAMILY_ROLES = ["manage", "follow", "alerts"] as const;
export type FamilyRole = (typeof FAMILY_ROLES)[number];

/** One person in a care recipient's circle; one row per recipient and person. */
export const familyMembers = pgTable(
  "family_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    careRecipientId: uuid("care_recipient_id")
      .notNull()
      .references(() => careRecipients.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    role: text("role").$type<FamilyRole>().notNull(),
    addedBy: text("added_by").references(() => userProfiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("family_members_recipient_user_idx").on(table.careRecipientId, table.userId),
    index("family_members_user_idx").on(table.userId),
    check("family_members_role_check", sql`${table.role} in ('manage', 'follow', 'alerts')`),
  ],
);

/**
 * An invitation into a circle: a single-use link of 32 random bytes of which only the SHA-256 hash is kept, as the
 * administrators' invitations (features/admin/invites.server.ts). Accepted, revoked or expired, it no longer works.
 */
export const familyInvitations = pgTable(
  "family_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    careRecipientId: uuid("care_recipient_id")
      .notNull()
      .references(() => careRecipients.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<FamilyRole>().notNull(),
    ...invitationColumns(),
  },
  (table) => [
    index("family_invitations_recipient_idx").on(table.careRecipientId, table.createdAt),
    index("family_invitations_email_idx").on(table.email),
    check("family_invitations_role_check", sql`${table.role} in ('manage', 'follow', 'alerts')`),
  ],
);
