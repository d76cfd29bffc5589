CREATE TYPE "public"."backup_offer_status" AS ENUM('offered', 'accepted', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."verification_method" AS ENUM('location', 'code', 'reason');--> statement-breakpoint
CREATE TYPE "public"."visit_event_kind" AS ENUM('check_in', 'check_out', 'times_edited', 'late_alert', 'backup_offered', 'backup_taken', 'cancelled', 'missed');--> statement-breakpoint
CREATE TABLE "care_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"check_in_opens_minutes" integer DEFAULT 60 NOT NULL,
	"late_alert_minutes" integer DEFAULT 15 NOT NULL,
	"backup_offer_minutes" integer DEFAULT 30 NOT NULL,
	"late_cancel_hours" integer DEFAULT 24 NOT NULL,
	"offline_sync_window_hours" integer DEFAULT 72 NOT NULL,
	"late_sync_minutes" integer DEFAULT 60 NOT NULL,
	"location_tolerance_meters" integer DEFAULT 500 NOT NULL,
	"note_correction_hours" integer DEFAULT 24 NOT NULL,
	"feedback_edit_days" integer DEFAULT 14 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_settings_single_row" CHECK ("care_settings"."id" = 1),
	CONSTRAINT "care_settings_positive_check" CHECK ("care_settings"."check_in_opens_minutes" >= 0 and "care_settings"."late_alert_minutes" > 0 and "care_settings"."backup_offer_minutes" >= "care_settings"."late_alert_minutes"
        and "care_settings"."late_cancel_hours" >= 0 and "care_settings"."offline_sync_window_hours" > 0 and "care_settings"."late_sync_minutes" > 0
        and "care_settings"."location_tolerance_meters" > 0 and "care_settings"."note_correction_hours" >= 0 and "care_settings"."feedback_edit_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "preferred_caregivers" (
	"client_id" text NOT NULL,
	"caregiver_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferred_caregivers_client_id_caregiver_id_pk" PRIMARY KEY("client_id","caregiver_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"caregiver_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "visit_backup_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"caregiver_id" text NOT NULL,
	"status" "backup_offer_status" DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" "visit_event_kind" NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_event_id" uuid,
	"method" "verification_method",
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_meters" double precision,
	"distance_meters" double precision,
	"reason" text,
	"is_late_sync" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "visit_events_client_event_id_unique" UNIQUE("client_event_id")
);
--> statement-breakpoint
CREATE TABLE "visit_note_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_note_photos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "visit_note_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"note_id" uuid NOT NULL,
	"previous" jsonb NOT NULL,
	"revised_by" text,
	"revised_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"caregiver_id" text NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meals" text DEFAULT '' NOT NULL,
	"mood" text,
	"observations" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_notes_visit_id_unique" UNIQUE("visit_id")
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "family_code" text DEFAULT lpad((floor(random() * 1000000))::int::text, 6, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "original_caregiver_id" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "late_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "backup_offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "caregiver_profiles" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_updated_by_user_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferred_caregivers" ADD CONSTRAINT "preferred_caregivers_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferred_caregivers" ADD CONSTRAINT "preferred_caregivers_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_user_profiles_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_backup_offers" ADD CONSTRAINT "visit_backup_offers_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_backup_offers" ADD CONSTRAINT "visit_backup_offers_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_actor_id_user_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_note_photos" ADD CONSTRAINT "visit_note_photos_note_id_visit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."visit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_note_revisions" ADD CONSTRAINT "visit_note_revisions_note_id_visit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."visit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_note_revisions" ADD CONSTRAINT "visit_note_revisions_revised_by_user_profiles_id_fk" FOREIGN KEY ("revised_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_caregiver_idx" ON "reviews" USING btree ("caregiver_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_backup_offers_visit_caregiver_idx" ON "visit_backup_offers" USING btree ("visit_id","caregiver_id");--> statement-breakpoint
CREATE INDEX "visit_backup_offers_caregiver_idx" ON "visit_backup_offers" USING btree ("caregiver_id","status");--> statement-breakpoint
CREATE INDEX "visit_events_visit_idx" ON "visit_events" USING btree ("visit_id","occurred_at");--> statement-breakpoint
CREATE INDEX "visit_events_kind_idx" ON "visit_events" USING btree ("kind","recorded_at");--> statement-breakpoint
CREATE INDEX "visit_note_photos_note_idx" ON "visit_note_photos" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "visit_note_revisions_note_idx" ON "visit_note_revisions" USING btree ("note_id","revised_at");--> statement-breakpoint
CREATE INDEX "visit_notes_caregiver_idx" ON "visit_notes" USING btree ("caregiver_id","created_at");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_original_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("original_caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_cancelled_by_user_profiles_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_due_idx" ON "visits" USING btree ("starts_at") WHERE "visits"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "caregiver_profiles" ADD CONSTRAINT "caregiver_profiles_calendar_token_unique" UNIQUE("calendar_token");