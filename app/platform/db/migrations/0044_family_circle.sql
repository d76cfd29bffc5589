-- The family circle (docs/decisions/0050-family-circle.md): the people an account holder lets into a care
-- recipient's care, each with a role (manage, follow, alerts), and the invitations that bring them in (the
-- token kept as its SHA-256 hash only; 7 days to accept, features/family/family.ts INVITATION_LIFETIME_MS).
CREATE TABLE "family_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_recipient_id" uuid NOT NULL REFERENCES "care_recipients"("id") ON DELETE cascade,
	"user_id" text NOT NULL REFERENCES "user_profiles"("id") ON DELETE cascade,
	"role" text NOT NULL,
	"added_by" text REFERENCES "user_profiles"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_members_role_check" CHECK ("role" in ('manage', 'follow', 'alerts'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "family_members_recipient_user_idx" ON "family_members" USING btree ("care_recipient_id","user_id");--> statement-breakpoint
CREATE INDEX "family_members_user_idx" ON "family_members" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "family_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_recipient_id" uuid NOT NULL REFERENCES "care_recipients"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL UNIQUE,
	"invited_by" text REFERENCES "user_profiles"("id") ON DELETE set null,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" text REFERENCES "user_profiles"("id") ON DELETE set null,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_invitations_role_check" CHECK ("role" in ('manage', 'follow', 'alerts'))
);--> statement-breakpoint
CREATE INDEX "family_invitations_recipient_idx" ON "family_invitations" USING btree ("care_recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "family_invitations_email_idx" ON "family_invitations" USING btree ("email");
