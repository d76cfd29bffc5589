CREATE TYPE "public"."credit_source" AS ENUM('admin', 'late_cancellation', 'invoice');--> statement-breakpoint
CREATE TYPE "public"."earning_status" AS ENUM('pending', 'in_payout', 'paid');--> statement-breakpoint
CREATE TYPE "public"."invoice_line_kind" AS ENUM('visit', 'discount', 'platform_fee', 'credit');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('due', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('payment', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('card', 'bank_transfer', 'check', 'cash', 'other');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('pending', 'paid', 'failed');--> statement-breakpoint
CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "account_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"source" "credit_source" NOT NULL,
	"reason" text NOT NULL,
	"visit_id" uuid,
	"invoice_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_credits_amount_check" CHECK ("account_credits"."amount_cents" <> 0),
	CONSTRAINT "account_credits_sign_check" CHECK (("account_credits"."source" = 'invoice') = ("account_credits"."amount_cents" < 0))
);
--> statement-breakpoint
CREATE TABLE "caregiver_earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" text NOT NULL,
	"visit_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"worked_at" timestamp with time zone NOT NULL,
	"worked_on" date NOT NULL,
	"minutes" integer NOT NULL,
	"pay_rate_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "earning_status" DEFAULT 'pending' NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregiver_earnings_visit_id_unique" UNIQUE("visit_id"),
	CONSTRAINT "caregiver_earnings_amount_check" CHECK ("caregiver_earnings"."amount_cents" >= 0 and "caregiver_earnings"."minutes" > 0),
	CONSTRAINT "caregiver_earnings_payout_check" CHECK (("caregiver_earnings"."status" = 'pending') = ("caregiver_earnings"."payout_id" is null))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" "invoice_line_kind" NOT NULL,
	"visit_id" uuid,
	"figures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_visit_check" CHECK (("invoice_lines"."kind" = 'visit') = ("invoice_lines"."visit_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text DEFAULT 'INV-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0') NOT NULL,
	"order_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" "invoice_status" DEFAULT 'due' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"platform_fee_cents" integer DEFAULT 0 NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"amount_paid_cents" integer DEFAULT 0 NOT NULL,
	"amount_refunded_cents" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"charge_attempts" smallint DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"last_charge_error" text,
	"stripe_payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "invoices_stripe_payment_intent_id_unique" UNIQUE("stripe_payment_intent_id"),
	CONSTRAINT "invoices_totals_check" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" - "invoices"."discount_cents" + "invoices"."platform_fee_cents" - "invoices"."credit_cents"
        and "invoices"."total_cents" >= 0 and "invoices"."discount_cents" >= 0 and "invoices"."platform_fee_cents" >= 0 and "invoices"."credit_cents" >= 0),
	CONSTRAINT "invoices_paid_check" CHECK ("invoices"."amount_paid_cents" between 0 and "invoices"."total_cents" and "invoices"."amount_refunded_cents" between 0 and "invoices"."amount_paid_cents"),
	CONSTRAINT "invoices_period_check" CHECK ("invoices"."period_end" >= "invoices"."period_start")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount_cents" integer NOT NULL,
	"stripe_id" text,
	"note" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_stripe_id_unique" UNIQUE("stripe_id"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"through_date" date NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"caregiver_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "payout_status" DEFAULT 'pending' NOT NULL,
	"stripe_transfer_id" text,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_stripe_transfer_id_unique" UNIQUE("stripe_transfer_id"),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"payment_method_id" text,
	"connected_account_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_accounts_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "stripe_accounts_connected_account_id_unique" UNIQUE("connected_account_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_created_by_user_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_earnings" ADD CONSTRAINT "caregiver_earnings_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_earnings" ADD CONSTRAINT "caregiver_earnings_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_earnings" ADD CONSTRAINT "caregiver_earnings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_earnings" ADD CONSTRAINT "caregiver_earnings_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_user_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_user_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_user_profiles_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_user_id_user_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_credits_client_idx" ON "account_credits" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_credits_late_visit_idx" ON "account_credits" USING btree ("visit_id") WHERE "account_credits"."source" = 'late_cancellation';--> statement-breakpoint
CREATE INDEX "caregiver_earnings_caregiver_idx" ON "caregiver_earnings" USING btree ("caregiver_id","worked_on");--> statement-breakpoint
CREATE INDEX "caregiver_earnings_pending_idx" ON "caregiver_earnings" USING btree ("caregiver_id") WHERE "caregiver_earnings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_visit_idx" ON "invoice_lines" USING btree ("visit_id") WHERE "invoice_lines"."visit_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_charge_due_idx" ON "invoices" USING btree ("next_charge_at") WHERE "invoices"."status" = 'due' and "invoices"."next_charge_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_batch_caregiver_idx" ON "payouts" USING btree ("batch_id","caregiver_id");--> statement-breakpoint
CREATE INDEX "payouts_caregiver_idx" ON "payouts" USING btree ("caregiver_id","created_at");