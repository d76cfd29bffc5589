ALTER TABLE "care_settings" ADD COLUMN "short_visit_percent" integer DEFAULT 75 NOT NULL;--> statement-breakpoint
ALTER TABLE "care_settings" ADD COLUMN "minimum_charge_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_events" ADD COLUMN "short_reason" text;--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_visit_charge_check" CHECK ("care_settings"."short_visit_percent" between 1 and 100 and "care_settings"."minimum_charge_minutes" >= 0);
