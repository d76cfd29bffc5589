CREATE TYPE "public"."offer_status" AS ENUM('offered', 'accepted', 'declined', 'expired', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('submitted', 'offered', 'confirmed', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."promo_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."visit_status" AS ENUM('scheduled', 'checked_in', 'completed', 'missed', 'cancelled');--> statement-breakpoint
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "care_request_drafts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"zip_code" text NOT NULL,
	"city" text,
	"state" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"services" text[] NOT NULL,
	"health_needs" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text NOT NULL,
	"caregiver_gender" text NOT NULL,
	"culture" text DEFAULT '' NOT NULL,
	"schedule_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"caregiver_id" text NOT NULL,
	"rank" smallint NOT NULL,
	"status" "offer_status" DEFAULT 'offered' NOT NULL,
	"reason" text,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text DEFAULT 'TN-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('order_number_seq')::text, 6, '0') NOT NULL,
	"client_id" text NOT NULL,
	"care_request_id" uuid NOT NULL,
	"status" "order_status" DEFAULT 'submitted' NOT NULL,
	"caregiver_id" text,
	"quote" jsonb NOT NULL,
	"promo_code_id" uuid,
	"cancelled_by" text,
	"cancelled_by_role" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "pricing_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"service_rates_cents" jsonb NOT NULL,
	"caregiver_pay_percent" numeric(5, 2) NOT NULL,
	"weekend_multiplier" numeric(4, 2) NOT NULL,
	"overnight_multiplier" numeric(4, 2) NOT NULL,
	"minimum_hours_per_visit" numeric(4, 2) NOT NULL,
	"platform_fee_percent" numeric(5, 2) NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_settings_single_row" CHECK ("pricing_settings"."id" = 1),
	CONSTRAINT "pricing_settings_multipliers_check" CHECK ("pricing_settings"."weekend_multiplier" >= 1 and "pricing_settings"."overnight_multiplier" >= 1),
	CONSTRAINT "pricing_settings_percent_check" CHECK ("pricing_settings"."caregiver_pay_percent" between 0 and 100 and "pricing_settings"."platform_fee_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" "promo_kind" NOT NULL,
	"amount" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"usage_cap" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_amount_check" CHECK ("promo_codes"."amount" > 0 and ("promo_codes"."kind" = 'fixed' or "promo_codes"."amount" <= 100)),
	CONSTRAINT "promo_codes_usage_check" CHECK ("promo_codes"."usage_cap" is null or "promo_codes"."times_used" <= "promo_codes"."usage_cap")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"caregiver_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" "visit_status" DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_window_check" CHECK ("visits"."ends_at" > "visits"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "care_request_drafts" ADD CONSTRAINT "care_request_drafts_user_id_user_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_user_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_offers" ADD CONSTRAINT "order_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_offers" ADD CONSTRAINT "order_offers_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_care_request_id_care_requests_id_fk" FOREIGN KEY ("care_request_id") REFERENCES "public"."care_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_user_profiles_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_settings" ADD CONSTRAINT "pricing_settings_updated_by_user_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_user_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_requests_client_idx" ON "care_requests" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_pending_key_idx" ON "jobs" USING btree ("key") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_offers_order_idx" ON "order_offers" USING btree ("order_id","rank");--> statement-breakpoint
CREATE INDEX "order_offers_caregiver_idx" ON "order_offers" USING btree ("caregiver_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "order_offers_one_open_idx" ON "order_offers" USING btree ("order_id") WHERE "order_offers"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_caregiver_idx" ON "orders" USING btree ("caregiver_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_order_start_idx" ON "visits" USING btree ("order_id","starts_at");--> statement-breakpoint
CREATE INDEX "visits_caregiver_idx" ON "visits" USING btree ("caregiver_id","starts_at");--> statement-breakpoint
CREATE INDEX "caregiver_profiles_matchable_location_idx" ON "caregiver_profiles" USING btree ("latitude","longitude") WHERE "caregiver_profiles"."caregiver_status" = 'approved' and "caregiver_profiles"."background_check_status" = 'clear';