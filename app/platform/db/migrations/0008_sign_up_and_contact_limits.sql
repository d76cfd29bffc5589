CREATE TABLE "sign_up_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_up_attempts_email_idx" ON "sign_up_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "sign_up_attempts_ip_idx" ON "sign_up_attempts" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_email_idx" ON "support_tickets" USING btree ("email","created_at");