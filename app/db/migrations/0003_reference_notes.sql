CREATE TABLE "caregiver_reference_notes" (
	"caregiver_id" text NOT NULL,
	"reference_index" smallint NOT NULL,
	"notes" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregiver_reference_notes_caregiver_id_reference_index_pk" PRIMARY KEY("caregiver_id","reference_index")
);
--> statement-breakpoint
ALTER TABLE "caregiver_reference_notes" ADD CONSTRAINT "caregiver_reference_notes_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_reference_notes" ADD CONSTRAINT "caregiver_reference_notes_updated_by_user_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_vetting" DROP COLUMN "reference_notes";