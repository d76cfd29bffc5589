import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
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
import { orders } from "./care";
import { sessions, userProfiles } from "./users";

// Messages, notifications and the realtime stream (docs/product-rules.md,
// "Messages" and "Notifications"): conversations between a family and its
// caregiver or between any user and support, their messages with read and
// delivery marks, each user's notifications with their delivery preferences
// and push subscriptions, and the per-user event log the realtime stream
// replays after a reconnect (docs/decisions/0014-realtime-over-sse.md).

export const conversationKindEnum = pgEnum("conversation_kind", ["care", "support"]);

/**
 * A conversation has two sides. "care": side a is the family (client), side b
 * the caregiver; one per pair, opened when an order between them is confirmed.
 * "support": side a is the user, side b is support (every administrator); one per user.
 * The marks say up to which message id each side has had delivered and has read.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: conversationKindEnum("kind").notNull(),
    userAId: text("user_a_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    userBId: text("user_b_id").references(() => userProfiles.id, { onDelete: "cascade" }),
    /** The order that opened a care conversation (the first confirmed between the pair). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    aDeliveredUpTo: bigint("a_delivered_up_to", { mode: "number" }).notNull().default(0),
    aReadUpTo: bigint("a_read_up_to", { mode: "number" }).notNull().default(0),
    bDeliveredUpTo: bigint("b_delivered_up_to", { mode: "number" }).notNull().default(0),
    bReadUpTo: bigint("b_read_up_to", { mode: "number" }).notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("conversations_care_pair_idx")
      .on(table.userAId, table.userBId)
      .where(sql`${table.kind} = 'care'`),
    uniqueIndex("conversations_support_user_idx")
      .on(table.userAId)
      .where(sql`${table.kind} = 'support'`),
    // A family's conversations of every kind (its side is a in both; migration 0037).
    index("conversations_user_a_idx").on(table.userAId),
    index("conversations_user_b_idx").on(table.userBId),
    index("conversations_kind_last_idx").on(table.kind, table.lastMessageAt),
    check(
      "conversations_sides_check",
      sql`(${table.kind} = 'care' and ${table.userBId} is not null) or (${table.kind} = 'support' and ${table.userBId} is null)`,
    ),
  ],
);

/**
 * A family circle member's own marks in a care conversation (docs/decisions/0053-circle-messages.md): the
 * account holder keeps side a's marks on the conversation (the caregiver's read receipts follow them); each
 * manage or follow member who reads it has a row here, so that nobody's reading marks another's messages read.
 */
export const conversationMemberMarks = pgTable(
  "conversation_member_marks",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    deliveredUpTo: bigint("delivered_up_to", { mode: "number" }).notNull().default(0),
    readUpTo: bigint("read_up_to", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index("conversation_member_marks_user_idx").on(table.userId),
  ],
);

export const messageSideEnum = pgEnum("message_side", ["a", "b"]);

export const messages = pgTable(
  "messages",
  {
    /** Increasing: the read and delivery marks compare against it. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    side: messageSideEnum("side").notNull(),
    /** Plain text, never HTML; links and phone numbers are recognised when shown. */
    body: text("body").notNull(),
    /** The sending device's id for the message: a retry or an offline resend is stored once. */
    clientKey: uuid("client_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("messages_sender_client_key_idx").on(table.senderId, table.clientKey),
    index("messages_conversation_idx").on(table.conversationId, table.id),
    // The sending limits count a sender's recent messages (features/messaging/send-message.server.ts).
    index("messages_sender_created_idx").on(table.senderId, table.createdAt),
    check("messages_body_length_check", sql`char_length(${table.body}) between 1 and 10000`),
  ],
);

export const notificationTypeEnum = pgEnum("notification_type", [
  "order",
  "payment",
  "caregiver",
  "schedule",
  "message",
  "system",
]);
export const notificationStatusEnum = pgEnum("notification_status", ["unread", "read", "archived"]);
export const notificationPriorityEnum = pgEnum("notification_priority", ["normal", "urgent"]);

/** A user's notification (spec section 3's fields), written in the user's language when created. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    type: notificationTypeEnum("type").notNull(),
    subtype: text("subtype"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    status: notificationStatusEnum("status").notNull().default("unread"),
    priority: notificationPriorityEnum("priority").notNull().default("normal"),
    avatarUrl: text("avatar_url"),
    actionText: text("action_text"),
    actionUrl: text("action_url"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The text as a key and values (features/notifications/wording.server.ts), worded again in the
     * reader's language when listed; null for a notification stored before, as text only.
     */
    wording: jsonb("wording").$type<{
      key: string;
      params: Record<string, string | number>;
      times: Record<string, { at: string; timeZone: string }>;
    }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    index("notifications_user_idx").on(table.userId, table.createdAt),
    // An identical notification (same type, subtype and title) is not added twice while one is unread.
    uniqueIndex("notifications_unread_identical_idx")
      .on(table.userId, table.type, sql`coalesce(${table.subtype}, '')`, table.title)
      .where(sql`${table.status} = 'unread'`),
  ],
);

/** Per user and type: which channels deliver it. No row: the defaults (features/notifications). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    type: notificationTypeEnum("type").notNull(),
    inApp: boolean("in_app").notNull(),
    email: boolean("email").notNull(),
    push: boolean("push").notNull(),
    /** Text messages, urgent alerts only (docs/decisions/0049-text-messages.md); off until chosen. */
    sms: boolean("sms").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

/** Quiet hours: no email or push between these local times (minutes after midnight) in time_zone. */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    quietStartMinutes: smallint("quiet_start_minutes"),
    quietEndMinutes: smallint("quiet_end_minutes"),
    timeZone: text("time_zone").notNull().default("UTC"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "notification_settings_quiet_check",
      sql`(${table.quietStartMinutes} is null) = (${table.quietEndMinutes} is null)
        and coalesce(${table.quietStartMinutes}, 0) between 0 and 1439 and coalesce(${table.quietEndMinutes}, 0) between 0 and 1439`,
    ),
  ],
);

/**
 * A person's phone for text messages (docs/decisions/0049-text-messages.md): the number in E.164, when
 * a code sent to it was typed back (verified), and when it replied STOP (opted out). The pending code
 * is kept hashed, with its expiry, wrong tries and when it was last sent (resends are limited).
 */
export const smsPhones = pgTable(
  "sms_phones",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: smallint("code_attempts").notNull().default(0),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
    codesSent: smallint("codes_sent").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sms_phones_phone_idx").on(table.phone),
    check("sms_phones_e164_check", sql`${table.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

/** A browser's web push subscription (VAPID); removed when the push service says it is gone. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    failures: integer("failures").notNull().default(0),
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId)],
);

/**
 * What the realtime stream sent each user, kept for a while so that a
 * reconnecting browser (Last-Event-ID) receives what it missed.
 */
export const realtimeEvents = pgTable(
  "realtime_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("realtime_events_user_idx").on(table.userId, table.id),
    index("realtime_events_created_idx").on(table.createdAt),
  ],
);

/**
 * The live streams open now, in every server process: what the caps on
 * streams per session and per user count (app/platform/realtime/stream-caps.ts). A
 * process refreshes seen_at of its streams; a row not refreshed for a while
 * is of a process that died, and no longer counts.
 */
export const liveStreams = pgTable(
  "live_streams",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    // Signing out deletes the session, and with it its streams: each process ends them at its next refresh.
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    openedAt: timestamp("opened_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("live_streams_user_idx").on(table.userId, table.openedAt)],
);
