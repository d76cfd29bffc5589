-- A visit's time zone now comes from the request's coordinates rather than its
-- state (El Paso TX is on Mountain time, the Florida panhandle on Central...).
-- SQL cannot run the zone lookup, so the data fix itself is TypeScript
-- (app/db/data-fixes/visit-time-zones.server.ts), run by migrateDatabase()
-- right after the SQL migrations. This table records which of those one-time
-- data fixes are still to run (done_at null) and when each one ran. It is not
-- in the Drizzle schema on purpose: only app/db/migrate.server.ts reads it.
CREATE TABLE IF NOT EXISTS "data_fixes" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "data_fixes" ("name") VALUES ('visit_time_zones') ON CONFLICT ("name") DO NOTHING;
