CREATE TABLE "family_code_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL,
	"caregiver_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_code_attempts" ADD CONSTRAINT "family_code_attempts_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_code_attempts" ADD CONSTRAINT "family_code_attempts_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_code_attempts_visit_idx" ON "family_code_attempts" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "family_code_attempts_caregiver_idx" ON "family_code_attempts" USING btree ("caregiver_id","created_at");