CREATE TABLE "caregiver_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" text NOT NULL,
	"kind" text NOT NULL,
	"expires_on" date NOT NULL,
	"document_id" uuid,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"reminded_30_at" timestamp with time zone,
	"reminded_7_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregiver_credentials_kind_check" CHECK ("kind" IN ('cpr', 'tb_test', 'licence', 'background_recheck')),
	CONSTRAINT "caregiver_credentials_caregiver_kind_unique" UNIQUE("caregiver_id", "kind")
);
--> statement-breakpoint
ALTER TABLE "caregiver_credentials" ADD CONSTRAINT "caregiver_credentials_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_credentials" ADD CONSTRAINT "caregiver_credentials_document_id_caregiver_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."caregiver_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_credentials" ADD CONSTRAINT "caregiver_credentials_verified_by_user_profiles_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caregiver_credentials_expires_idx" ON "caregiver_credentials" USING btree ("expires_on");
