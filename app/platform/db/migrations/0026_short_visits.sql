ALTER TABLE "care_settings" ADD COLUMN "short_visit_percent" integer DEFAULT 75 NOT NULL;--> statement-breakpoint
ALTER TABLE "care_settings" ADD COLUMN "minimum_charge_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_events" ADD COLUMN "short_reason" text;--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_visit_charge_check" CHECK ("care_settings"."short_visit_percent" between 1 and 100 and "care_settings"."minimum_charge_minutes" >= 0);
--> statement-breakpoint
-- A completed visit no longer holds its caregiver's time: checked out (early, with a reason, when short), the rest of
-- its booked window is free. Visits still to be given, under way or missed keep the rule.
ALTER TABLE "visits" DROP CONSTRAINT "visits_no_double_booking";--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_no_double_booking" EXCLUDE USING gist ("caregiver_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" NOT IN ('cancelled', 'completed'));
