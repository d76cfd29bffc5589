import { sql } from "drizzle-orm";
import { ROLES, type Role } from "~/utils/roles";
import { boolean, check, index, uniqueIndex, pgEnum, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const roleEnum = pgEnum("role", ROLES);
export type { Role };

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * The `user_profiles` table; also better-auth's user model (mapped in auth.server.ts).
 * `role` is the primary role; `user_roles` holds every role a user has.
 */
export const userProfiles = pgTable(
  "user_profiles",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    image: text("image"),
    emailVerified: boolean("email_verified").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    role: text("role").notNull().default("client"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    /** The language the person chose ('en' | 'es'; app/i18n); null until they choose. Emails go out in it. */
    locale: text("locale", { enum: ["en", "es"] }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("user_profiles_email_lower_idx").using("btree", sql`lower(${table.email})`),
    // Admin lists search people by part of a name or email (pg_trgm; docs/decisions/0040-admin-lists-and-audit-log.md).
    index("user_profiles_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
    index("user_profiles_email_trgm_idx").using("gin", table.email.op("gin_trgm_ops")),
    index("user_profiles_created_idx").on(table.createdAt, table.email),
    check("user_profiles_locale_check", sql`${table.locale} in ('en', 'es')`),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    // Admin sessions end after 30 minutes without a request (docs/product-rules.md, "Accounts and sign-in").
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

export const clientProfiles = pgTable("client_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => userProfiles.id, { onDelete: "cascade" }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  phoneNumber: text("phone_number"),
  streetAddress: text("street_address"),
  city: text("city"),
  state: text("state"),
  zipCode: text("zip_code"),
  marketingConsent: boolean("marketing_consent").notNull().default(false),
  ...timestamps,
});

export const userTimestamps = timestamps;
