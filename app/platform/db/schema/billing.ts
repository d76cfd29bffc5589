import { sql } from "drizzle-orm";
import {
  boolean,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { orders, visits } from "./care";
import { caregiverProfiles } from "./caregivers";
import { userProfiles } from "./users";

// Money (docs/product-rules.md, "Billing and pay"; docs/decisions/0022-billing.md): invoices built
// from completed visits, what was paid and refunded against them, the families' credit, the
// caregivers' earnings and the payouts that settle them, and the Stripe identifiers we keep. Every
// amount is an integer number of US cents; no card number, expiry or security code is stored here
// or anywhere of ours (only Stripe's ids for the customer and the saved payment method).

export const INVOICE_STATUSES = ["due", "paid", "void"] as const;
export const invoiceStatusEnum = pgEnum("invoice_status", INVOICE_STATUSES);
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceNumberSequence = pgSequence("invoice_number_seq", { startWith: 1 });

/**
 * An invoice of an order's completed visits for a billing period: the visit's local date for one-time
 * care, Monday to Sunday (on the clock where care happens) for recurring care; a visit completed after
 * its week was invoiced goes on an invoice of its own. The totals are the sums of its lines.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Human number, e.g. INV-2026-000042 (year of issue, then a sequence). */
    invoiceNumber: text("invoice_number")
      .notNull()
      .unique()
      .default(
        sql`'INV-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
      ),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    /** The period's first and last local dates where care happens. */
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    status: invoiceStatusEnum("status").notNull().default("due"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    platformFeeCents: integer("platform_fee_cents").notNull().default(0),
    /** The family's credit used on this invoice. */
    creditCents: integer("credit_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    amountPaidCents: integer("amount_paid_cents").notNull().default(0),
    amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Card charges: how many were tried, when the next one is, and why the last one failed. */
    chargeAttempts: smallint("charge_attempts").notNull().default(0),
    nextChargeAt: timestamp("next_charge_at", { withTimezone: true }),
    lastChargeError: text("last_charge_error"),
    /** The Stripe PaymentIntent of the latest card charge. */
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index("invoices_order_idx").on(table.orderId, table.periodStart),
    index("invoices_client_idx").on(table.clientId, table.issuedAt),
    // The admin list: newest first, and a search of part of an invoice number (pg_trgm).
    index("invoices_issued_idx").on(table.issuedAt, table.invoiceNumber),
    index("invoices_number_trgm_idx").using("gin", table.invoiceNumber.op("gin_trgm_ops")),
    index("invoices_failed_charge_idx")
      .on(table.issuedAt)
      .where(sql`${table.status} = 'due' and ${table.lastChargeError} is not null`),
    index("invoices_charge_due_idx")
      .on(table.nextChargeAt)
      .where(sql`${table.status} = 'due' and ${table.nextChargeAt} is not null`),
    check(
      "invoices_totals_check",
      sql`${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + ${table.platformFeeCents} - ${table.creditCents}
        and ${table.totalCents} >= 0 and ${table.discountCents} >= 0 and ${table.platformFeeCents} >= 0 and ${table.creditCents} >= 0`,
    ),
    check(
      "invoices_paid_check",
      sql`${table.amountPaidCents} between 0 and ${table.totalCents} and ${table.amountRefundedCents} between 0 and ${table.amountPaidCents}`,
    ),
    check("invoices_period_check", sql`${table.periodEnd} >= ${table.periodStart}`),
  ],
);

export const INVOICE_LINE_KINDS = ["visit", "discount", "platform_fee", "credit"] as const;
export const invoiceLineKindEnum = pgEnum("invoice_line_kind", INVOICE_LINE_KINDS);
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/**
 * An invoice's lines: one per visit (its billed minutes, rate and surcharges in `figures`), then the
 * discount, the platform fee and the credit used. A visit is billed on one invoice only.
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    kind: invoiceLineKindEnum("kind").notNull(),
    visitId: uuid("visit_id").references(() => visits.id, { onDelete: "restrict" }),
    /** What the line is worded from (features/billing owns the shape). */
    figures: jsonb("figures").$type<Record<string, unknown>>().notNull().default({}),
    amountCents: integer("amount_cents").notNull(),
  },
  (table) => [
    index("invoice_lines_invoice_idx").on(table.invoiceId, table.position),
    uniqueIndex("invoice_lines_visit_idx")
      .on(table.visitId)
      .where(sql`${table.visitId} is not null`),
    check("invoice_lines_visit_check", sql`(${table.kind} = 'visit') = (${table.visitId} is not null)`),
  ],
);

export const PAYMENT_KINDS = ["payment", "refund"] as const;
export const paymentKindEnum = pgEnum("payment_kind", PAYMENT_KINDS);
export const PAYMENT_METHODS = ["card", "bank_transfer", "check", "cash", "other"] as const;
export const paymentMethodEnum = pgEnum("payment_method", PAYMENT_METHODS);
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Money received for an invoice, or given back: by card through Stripe, or recorded by an admin. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    kind: paymentKindEnum("kind").notNull(),
    method: paymentMethodEnum("method").notNull(),
    /** Always positive; `kind` says which way it went. */
    amountCents: integer("amount_cents").notNull(),
    /** Stripe's PaymentIntent (payment) or Refund (refund) id, once per Stripe object. */
    stripeId: text("stripe_id").unique(),
    /** The admin's reference (a check number) or reason (a refund's). */
    note: text("note"),
    recordedBy: text("recorded_by").references(() => userProfiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("payments_invoice_idx").on(table.invoiceId, table.createdAt),
    check("payments_amount_check", sql`${table.amountCents} > 0`),
  ],
);

export const CREDIT_SOURCES = ["admin", "late_cancellation", "invoice"] as const;
export const creditSourceEnum = pgEnum("credit_source", CREDIT_SOURCES);

/**
 * A family's credit ledger: a positive row is credit given (by an admin, or automatically when a
 * caregiver cancels late), a negative row is credit used on an invoice. The balance is the sum.
 */
export const accountCredits = pgTable(
  "account_credits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    source: creditSourceEnum("source").notNull(),
    reason: text("reason").notNull(),
    /** The visit a late cancellation credited (once per visit). */
    visitId: uuid("visit_id").references(() => visits.id, { onDelete: "set null" }),
    /** The invoice the credit was used on (negative rows). */
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => userProfiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("account_credits_client_idx").on(table.clientId, table.createdAt),
    uniqueIndex("account_credits_late_visit_idx")
      .on(table.visitId)
      .where(sql`${table.source} = 'late_cancellation'`),
    check("account_credits_amount_check", sql`${table.amountCents} <> 0`),
    check("account_credits_sign_check", sql`(${table.source} = 'invoice') = (${table.amountCents} < 0)`),
  ],
);

export const EARNING_STATUSES = ["pending", "in_payout", "paid"] as const;
export const earningStatusEnum = pgEnum("earning_status", EARNING_STATUSES);
export type EarningStatus = (typeof EARNING_STATUSES)[number];

/** A caregiver's pay for one completed visit, written with the visit's invoice. */
export const caregiverEarnings = pgTable(
  "caregiver_earnings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    visitId: uuid("visit_id")
      .notNull()
      .unique()
      .references(() => visits.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** When the visit ended, and its local date where care happened (the week it counts in). */
    workedAt: timestamp("worked_at", { withTimezone: true }).notNull(),
    workedOn: date("worked_on", { mode: "string" }).notNull(),
    minutes: integer("minutes").notNull(),
    /** The hourly pay the amount works out to, in cents. */
    payRateCents: integer("pay_rate_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: earningStatusEnum("status").notNull().default("pending"),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("caregiver_earnings_caregiver_idx").on(table.caregiverId, table.workedOn),
    index("caregiver_earnings_pending_idx")
      .on(table.caregiverId)
      .where(sql`${table.status} = 'pending'`),
    check("caregiver_earnings_amount_check", sql`${table.amountCents} >= 0 and ${table.minutes} > 0`),
    check("caregiver_earnings_payout_check", sql`(${table.status} = 'pending') = (${table.payoutId} is null)`),
  ],
);

export const PAYOUT_STATUSES = ["pending", "paid", "failed"] as const;
export const payoutStatusEnum = pgEnum("payout_status", PAYOUT_STATUSES);
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** An admin's batch of payouts: everything pending up to a date, one payout per caregiver. */
export const payoutBatches = pgTable("payout_batches", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Earnings worked on or before this local date are in the batch. */
  throughDate: date("through_date", { mode: "string" }).notNull(),
  createdBy: text("created_by").references(() => userProfiles.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One caregiver's payout in a batch: the sum of its earnings; a Stripe transfer when Connect is set up. */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => payoutBatches.id, { onDelete: "cascade" }),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    status: payoutStatusEnum("status").notNull().default("pending"),
    stripeTransferId: text("stripe_transfer_id").unique(),
    failureReason: text("failure_reason"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paidBy: text("paid_by").references(() => userProfiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payouts_batch_caregiver_idx").on(table.batchId, table.caregiverId),
    index("payouts_caregiver_idx").on(table.caregiverId, table.createdAt),
    check("payouts_amount_check", sql`${table.amountCents} > 0`),
  ],
);

/** Stripe's ids for a family (customer, saved payment method) and a caregiver (connected account). */
export const stripeAccounts = pgTable("stripe_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => userProfiles.id, { onDelete: "cascade" }),
  customerId: text("customer_id").unique(),
  /** The payment method saved through a SetupIntent; charged off-session for due invoices. */
  paymentMethodId: text("payment_method_id"),
  /** Stripe Connect: the caregiver's connected account, payouts go there as transfers. */
  connectedAccountId: text("connected_account_id").unique(),
  /** Stripe says the connected account can take transfers and pay them out (onboarding finished). */
  connectPayoutsEnabled: boolean("connect_payouts_enabled").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** Stripe webhook events handled, by event id: a replay finds its row and changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How a family pays without a card (docs/product-rules.md, "How to pay an invoice"): the payee, the
 * bank details and the address for checks that an admin sets on /admin/billing, shown on every
 * invoice that is still owed and in its PDF. One row (id 1); none until an admin saves them. The
 * limits match PAYMENT_INSTRUCTION_LIMITS (billing/payment-instructions.schema.ts).
 */
export const paymentInstructions = pgTable(
  "payment_instructions",
  {
    id: smallint("id").primaryKey().default(1),
    payeeName: text("payee_name").notNull(),
    bankName: text("bank_name").notNull().default(""),
    /** Account number, or an IBAN-like text: free text, written as the bank gives it. */
    accountNumber: text("account_number").notNull().default(""),
    /** Routing number, SWIFT/BIC or sort code: free text. */
    routingNumber: text("routing_number").notNull().default(""),
    /** Where checks are mailed, several lines. */
    mailingAddress: text("mailing_address").notNull().default(""),
    note: text("note").notNull().default(""),
    updatedBy: text("updated_by").references(() => userProfiles.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("payment_instructions_single_row", sql`${table.id} = 1`),
    check(
      "payment_instructions_lengths_check",
      sql`char_length(${table.payeeName}) between 1 and 100 and char_length(${table.bankName}) <= 100
        and char_length(${table.accountNumber}) <= 64 and char_length(${table.routingNumber}) <= 64
        and char_length(${table.mailingAddress}) <= 300 and char_length(${table.note}) <= 500`,
    ),
    check(
      "payment_instructions_a_way_to_pay_check",
      sql`${table.accountNumber} <> '' or ${table.mailingAddress} <> ''`,
    ),
  ],
);
