-- "On my way" (docs/decisions/0046-on-my-way.md): the caregiver's announced arrival at a visit, one row per
-- visit, replaced at each press. Its own table: the visit's EVV record (visits' check times, visit_events)
-- is not touched, and no location is kept.
CREATE TABLE "visit_arrivals" (
	"visit_id" uuid PRIMARY KEY NOT NULL,
	"caregiver_id" text NOT NULL,
	"arrives_at" timestamp with time zone NOT NULL,
	"announced_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "visit_arrivals" ADD CONSTRAINT "visit_arrivals_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_arrivals" ADD CONSTRAINT "visit_arrivals_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;
