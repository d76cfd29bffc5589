-- Moving a visit (docs/decisions/0051-moving-a-visit.md): the family asks for new times, the caregiver accepts
-- or declines by a deadline. Each request keeps both times, so the visit's history shows where it was and where
-- it went; at most one request is pending per visit. A late change (the visit starts within
-- care_settings.late_move_hours) is flagged on its row.
CREATE TYPE "public"."visit_move_status" AS ENUM('pending', 'accepted', 'declined', 'expired', 'withdrawn');--> statement-breakpoint
CREATE TABLE "visit_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL REFERENCES "visits"("id") ON DELETE cascade,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"caregiver_id" text NOT NULL REFERENCES "caregiver_profiles"("user_id") ON DELETE cascade,
	"requested_by" text REFERENCES "user_profiles"("id") ON DELETE set null,
	"old_starts_at" timestamp with time zone NOT NULL,
	"old_ends_at" timestamp with time zone NOT NULL,
	"new_starts_at" timestamp with time zone NOT NULL,
	"new_ends_at" timestamp with time zone NOT NULL,
	"status" "visit_move_status" DEFAULT 'pending' NOT NULL,
	"is_late" boolean DEFAULT false NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text REFERENCES "user_profiles"("id") ON DELETE set null,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_moves_times_check" CHECK ("old_ends_at" > "old_starts_at" AND "new_ends_at" > "new_starts_at")
);--> statement-breakpoint
CREATE UNIQUE INDEX "visit_moves_one_pending_idx" ON "visit_moves" USING btree ("visit_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "visit_moves_order_idx" ON "visit_moves" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "visit_moves_caregiver_pending_idx" ON "visit_moves" USING btree ("caregiver_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "visit_moves_deadline_idx" ON "visit_moves" USING btree ("deadline") WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "care_settings" ADD COLUMN "late_move_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_late_move_check" CHECK ("late_move_hours" >= 0);
