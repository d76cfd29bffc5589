-- Each family circle member's own marks in a care conversation (docs/decisions/0053-circle-messages.md): up to
-- which message they have had delivered and have read. The account holder keeps the conversation's side a marks,
-- which the caregiver's read receipts follow; a member reading moves only their own row.
CREATE TABLE "conversation_member_marks" (
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"user_id" text NOT NULL REFERENCES "user_profiles"("id") ON DELETE cascade,
	"delivered_up_to" bigint DEFAULT 0 NOT NULL,
	"read_up_to" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_member_marks_pkey" PRIMARY KEY("conversation_id","user_id")
);--> statement-breakpoint
CREATE INDEX "conversation_member_marks_user_idx" ON "conversation_member_marks" USING btree ("user_id");
