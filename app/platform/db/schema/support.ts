import { index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Messages sent through the contact page, answered by administrators, and
// the newsletter list (double opt-in: pending until the emailed link is used).

export const supportTicketStatusEnum = pgEnum("support_ticket_status", ["open", "closed"]);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    status: supportTicketStatusEnum("status").notNull().default("open"),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    index("support_tickets_status_idx").on(table.status, table.createdAt),
    index("support_tickets_ip_idx").on(table.ipAddress, table.createdAt),
    index("support_tickets_email_idx").on(table.email, table.createdAt),
  ],
);

export const newsletterStatusEnum = pgEnum("newsletter_status", ["pending", "confirmed", "unsubscribed"]);

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    status: newsletterStatusEnum("status").notNull().default("pending"),
    /** SHA-256 of the confirmation token emailed to the address; cleared once used. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmTokenExpiresAt: timestamp("confirm_token_expires_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (table) => [index("newsletter_subscriptions_ip_idx").on(table.ipAddress, table.createdAt)],
);
