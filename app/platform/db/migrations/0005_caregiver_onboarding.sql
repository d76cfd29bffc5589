CREATE TABLE "caregiver_application_drafts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_step" smallint DEFAULT 1 NOT NULL,
	"file_ids" text[] DEFAULT '{}' NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caregiver_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" text NOT NULL,
	"kind" text NOT NULL,
	"storage_path" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caregiver_reference_notes" (
	"caregiver_id" text NOT NULL,
	"reference_index" smallint NOT NULL,
	"notes" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregiver_reference_notes_caregiver_id_reference_index_pk" PRIMARY KEY("caregiver_id","reference_index")
);
--> statement-breakpoint
CREATE TABLE "caregiver_vetting" (
	"caregiver_id" text PRIMARY KEY NOT NULL,
	"background_check_set_by" text,
	"background_check_set_at" timestamp with time zone,
	"pre_adverse_notice_at" timestamp with time zone,
	"final_adverse_notice_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "caregiver_application_drafts" ADD CONSTRAINT "caregiver_application_drafts_user_id_user_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_documents" ADD CONSTRAINT "caregiver_documents_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_reference_notes" ADD CONSTRAINT "caregiver_reference_notes_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_reference_notes" ADD CONSTRAINT "caregiver_reference_notes_updated_by_user_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_vetting" ADD CONSTRAINT "caregiver_vetting_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_vetting" ADD CONSTRAINT "caregiver_vetting_background_check_set_by_user_profiles_id_fk" FOREIGN KEY ("background_check_set_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caregiver_documents_caregiver_idx" ON "caregiver_documents" USING btree ("caregiver_id");