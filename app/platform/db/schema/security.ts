import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { userProfiles } from "./users";

/**
 * Every sign-in attempt, counted by the lockout rules (5 failures in 15
 * minutes; docs/product-rules.md, "Accounts and sign-in"). `deviceId` is the trusted-device cookie a browser
 * earned by signing in to this account before: failures from unknown browsers
 * cannot lock such a browser out (docs/decisions/0005).
 */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    ipAddress: text("ip_address"),
    deviceId: text("device_id"),
    succeeded: boolean("succeeded").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sign_in_attempts_email_idx").on(table.email, table.createdAt),
    index("sign_in_attempts_ip_idx").on(table.ipAddress, table.createdAt),
  ],
);

/**
 * Every registration that passed the rate limits, whatever its outcome
 * (account created, or the address already has one): the per-client-address
 * and per-email sign-up limits count these rows, so that they hold across
 * server processes and answer alike for new and existing addresses.
 */
export const signUpAttempts = pgTable(
  "sign_up_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sign_up_attempts_email_idx").on(table.email, table.createdAt),
    index("sign_up_attempts_ip_idx").on(table.ipAddress, table.createdAt),
  ],
);

/** Emails sent on a person's request (verification, reset, invite), for their rate limits. */
export const emailSends = pgTable(
  "email_sends",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    kind: text("kind")
      .$type<
        | "verification"
        | "password-reset"
        | "admin-invite"
        | "family-invite"
        | "email-change"
        | "contact-confirmation"
        | "newsletter-confirm"
      >()
      .notNull(),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_sends_email_idx").on(table.email, table.kind, table.createdAt)],
);

/**
 * What every emailed invitation keeps (the administrators' and the family circle's): the SHA-256 hash of a single-use
 * token, who sent it, when it stops working, and when it was accepted (and by whom) or revoked.
 */
export const invitationColumns = () => ({
  tokenHash: text("token_hash").notNull().unique(),
  invitedBy: text("invited_by").references(() => userProfiles.id, { onDelete: "set null" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  acceptedUserId: text("accepted_user_id").references(() => userProfiles.id, { onDelete: "set null" }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Administrators are invited, never self-registered (docs/product-rules.md, "Accounts and sign-in"). Only the token's hash is kept. */
export const adminInvites = pgTable(
  "admin_invites",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    ...invitationColumns(),
  },
  (table) => [index("admin_invites_email_idx").on(table.email)],
);

/** better-auth's two-factor plugin model (TOTP secret and backup codes, encrypted by the plugin). */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [index("two_factors_user_id_idx").on(table.userId), index("two_factors_secret_idx").on(table.secret)],
);

/**
 * better-auth's own rate-limit counters (rateLimit.storage "database"), so
 * that its limits hold across every server process rather than per process.
 */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});
