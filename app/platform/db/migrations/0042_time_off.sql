-- A caregiver's time off (docs/decisions/0048-time-off.md): one day, a range of days, or one weekday every week
-- until a date, in the caregiver's own calendar (time_zone, where they live). "blocked" holds the instants those
-- days cover, worked out when the block is saved, so matching, offers and backups test a clash with one overlap
-- (&&) on a row found by caregiver_time_off_caregiver_idx (features/matching/matching.server.ts onTimeOff).
CREATE TABLE "caregiver_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" text NOT NULL REFERENCES "caregiver_profiles"("user_id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"weekday" smallint,
	"time_zone" text NOT NULL,
	"reason" text,
	"blocked" tstzmultirange NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregiver_time_off_kind_check" CHECK ("kind" in ('day', 'range', 'weekly')),
	CONSTRAINT "caregiver_time_off_dates_check" CHECK ("end_date" >= "start_date" and "end_date" - "start_date" <= 366),
	CONSTRAINT "caregiver_time_off_weekday_check" CHECK (("kind" = 'weekly') = ("weekday" is not null) and coalesce("weekday", 0) between 0 and 6),
	CONSTRAINT "caregiver_time_off_reason_check" CHECK (char_length("reason") <= 200)
);--> statement-breakpoint
CREATE INDEX "caregiver_time_off_caregiver_idx" ON "caregiver_time_off" USING btree ("caregiver_id","end_date");
