CREATE TYPE "public"."location_source" AS ENUM('geocoded', 'zip_centroid', 'none');--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "address_latitude" double precision;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "address_longitude" double precision;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "location_source" "location_source" DEFAULT 'zip_centroid' NOT NULL;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "geocode_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_events" ADD COLUMN "distance_from" "location_source";--> statement-breakpoint
ALTER TABLE "visit_events" ADD COLUMN "zip_radius_meters" double precision;--> statement-breakpoint
-- Every distance recorded before this migration was measured to the ZIP code's centre.
UPDATE "visit_events" SET "distance_from" = 'zip_centroid' WHERE "distance_meters" IS NOT NULL;
