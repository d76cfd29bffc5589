-- Text messages for urgent alerts (docs/decisions/0049-text-messages.md): an SMS channel beside in-app,
-- email and push in each type's preferences (off until the person turns it on), and the person's phone:
-- its number (E.164), when it was verified, the pending code (hashed) and whether the number replied STOP.
ALTER TABLE "notification_preferences" ADD COLUMN "sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "sms_phones" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "user_profiles"("id") ON DELETE cascade,
	"phone" text NOT NULL,
	"verified_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" smallint DEFAULT 0 NOT NULL,
	"code_sent_at" timestamp with time zone,
	"codes_sent" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_phones_e164_check" CHECK ("phone" ~ '^\+[1-9][0-9]{6,14}$')
);--> statement-breakpoint
CREATE INDEX "sms_phones_phone_idx" ON "sms_phones" USING btree ("phone");
