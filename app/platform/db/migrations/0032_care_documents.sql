CREATE TABLE "care_document_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"reader_id" text,
	"reader_name" text NOT NULL,
	"reader_role" text NOT NULL,
	"order_id" uuid,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_document_shares" (
	"document_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_document_shares_document_id_order_id_pk" PRIMARY KEY("document_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "care_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"care_recipient_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"storage_key" text,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "care_documents_kind_check" CHECK ("care_documents"."kind" in ('care_plan', 'medication_list', 'advance_directive', 'other'))
);
--> statement-breakpoint
ALTER TABLE "visit_notes" ADD COLUMN "care_plan_tasks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "care_document_reads" ADD CONSTRAINT "care_document_reads_document_id_care_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."care_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_document_reads" ADD CONSTRAINT "care_document_reads_reader_id_user_profiles_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_document_reads" ADD CONSTRAINT "care_document_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_document_shares" ADD CONSTRAINT "care_document_shares_document_id_care_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."care_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_document_shares" ADD CONSTRAINT "care_document_shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_documents" ADD CONSTRAINT "care_documents_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_documents" ADD CONSTRAINT "care_documents_care_recipient_id_care_recipients_id_fk" FOREIGN KEY ("care_recipient_id") REFERENCES "public"."care_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_document_reads_document_idx" ON "care_document_reads" USING btree ("document_id","read_at");--> statement-breakpoint
CREATE INDEX "care_document_shares_order_idx" ON "care_document_shares" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "care_documents_client_idx" ON "care_documents" USING btree ("client_id","created_at");