-- A caregiver can never hold two overlapping visits that are not cancelled,
-- whatever the application does: the database refuses the second one.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_no_double_booking" EXCLUDE USING gist ("caregiver_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" <> 'cancelled');
