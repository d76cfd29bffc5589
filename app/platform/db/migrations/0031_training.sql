CREATE TABLE "training_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"caregiver_id" text NOT NULL,
	"score" smallint NOT NULL,
	"passed" boolean NOT NULL,
	"answers" jsonb NOT NULL,
	"wrong" jsonb NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"reading" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"pass_mark" smallint DEFAULT 80 NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"required_by" timestamp with time zone,
	"due_reminder_sent_at" timestamp with time zone,
	"video_url" text,
	"captions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_modules_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "training_attempts" ADD CONSTRAINT "training_attempts_module_id_training_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."training_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_attempts" ADD CONSTRAINT "training_attempts_caregiver_id_caregiver_profiles_user_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_attempts_caregiver_idx" ON "training_attempts" USING btree ("caregiver_id","module_id");