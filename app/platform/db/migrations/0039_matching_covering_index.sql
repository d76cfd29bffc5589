-- Matching reads the caregivers who reach a place from the coverage index alone (an index-only scan), not
-- from their rows: the index carries every column the filters, the ranking and the scoring read
-- (features/matching/matching.server.ts; docs/decisions/0042-signed-in-pages-with-a-year-of-data.md,
-- "Matching at 100,000 caregivers"). Same name, expression and predicate as migration 0004 (the schema
-- declares those; it cannot declare INCLUDE). An index-only scan skips the table only for pages the
-- visibility map marks all-visible, which autovacuum keeps up.
DROP INDEX "caregiver_profiles_coverage_idx";--> statement-breakpoint
CREATE INDEX "caregiver_profiles_coverage_idx" ON "caregiver_profiles" USING gist ((box(point(longitude - travel_radius_miles * 1.02 / (69.0 * cos(radians(latitude))), latitude - travel_radius_miles * 1.02 / 69.0), point(longitude + travel_radius_miles * 1.02 / (69.0 * cos(radians(latitude))), latitude + travel_radius_miles * 1.02 / 69.0)))) INCLUDE ("user_id", "latitude", "longitude", "travel_radius_miles", "services", "weekly_availability", "languages", "gender", "cultures", "slug", "first_name", "last_name", "profile_photo_url", "skills", "rating_avg", "rating_count", "years_experience") WHERE "caregiver_profiles"."caregiver_status" = 'approved' and "caregiver_profiles"."background_check_status" = 'clear';
