-- Changing a recurring order's schedule from a date (docs/decisions/0052-changing-a-recurring-schedule.md): the
-- family asks for a new weekly pattern from a day on, the caregiver accepts or declines by a deadline. Each request
-- keeps the old and the new pattern, so the order's history shows both; at most one request is pending per order.
CREATE TABLE "schedule_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"caregiver_id" text NOT NULL REFERENCES "caregiver_profiles"("user_id") ON DELETE cascade,
	"requested_by" text REFERENCES "user_profiles"("id") ON DELETE set null,
	"from_date" text NOT NULL,
	"old_weekly" jsonb NOT NULL,
	"new_weekly" jsonb NOT NULL,
	"first_starts_at" timestamp with time zone NOT NULL,
	"status" "visit_move_status" DEFAULT 'pending' NOT NULL,
	"is_late" boolean DEFAULT false NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text REFERENCES "user_profiles"("id") ON DELETE set null,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_changes_one_pending_idx" ON "schedule_changes" USING btree ("order_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "schedule_changes_order_idx" ON "schedule_changes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "schedule_changes_caregiver_pending_idx" ON "schedule_changes" USING btree ("caregiver_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "schedule_changes_deadline_idx" ON "schedule_changes" USING btree ("deadline") WHERE "status" = 'pending';
