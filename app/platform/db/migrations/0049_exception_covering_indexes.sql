-- The admin's EVV exceptions queue reads the events that may be exceptions from these two indexes alone (an
-- index-only scan per kind, features/evv/exceptions.server.ts): each carries every column the queue's conditions
-- read. Same names, columns and predicates as migration 0037 (the schema declares those; it cannot declare
-- INCLUDE). An index-only scan skips the table only for pages the visibility map marks all-visible, which
-- autovacuum keeps up; docs/decisions/0059-exceptions-read-from-their-indexes.md.
DROP INDEX "visit_events_exception_idx";--> statement-breakpoint
CREATE INDEX "visit_events_exception_idx" ON "visit_events" USING btree ("visit_id") INCLUDE ("kind", "short_reason", "is_late_sync", "distance_from", "distance_meters", "zip_radius_meters") WHERE "visit_events"."kind" = 'times_edited' or "visit_events"."short_reason" is not null or "visit_events"."is_late_sync" or "visit_events"."distance_from" = 'zip_centroid';--> statement-breakpoint
DROP INDEX "visit_events_distance_idx";--> statement-breakpoint
CREATE INDEX "visit_events_distance_idx" ON "visit_events" USING btree ("distance_meters") INCLUDE ("visit_id", "kind", "distance_from", "zip_radius_meters") WHERE "visit_events"."distance_meters" is not null;
