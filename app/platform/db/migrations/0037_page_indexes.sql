-- The signed-in pages read through indexes only, with a year of data
-- (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md; tests/integration/page-indexes.test.ts).
-- A family's conversations, of every kind: its messages page, its unread count and delivery marks.
CREATE INDEX "conversations_user_a_idx" ON "conversations" USING btree ("user_a_id");--> statement-breakpoint
-- The admin's EVV exceptions queue and the admin home's count of it (features/evv/exceptions.server.ts):
-- visits left checked in after their end, the events that may be exceptions whatever the settings, and
-- the check events by distance.
CREATE INDEX "visits_open_check_in_idx" ON "visits" USING btree ("ends_at") WHERE "visits"."status" = 'checked_in';--> statement-breakpoint
CREATE INDEX "visit_events_exception_idx" ON "visit_events" USING btree ("visit_id") WHERE "visit_events"."kind" = 'times_edited' or "visit_events"."short_reason" is not null or "visit_events"."is_late_sync" or "visit_events"."distance_from" = 'zip_centroid';--> statement-breakpoint
CREATE INDEX "visit_events_distance_idx" ON "visit_events" USING btree ("distance_meters") WHERE "visit_events"."distance_meters" is not null;
