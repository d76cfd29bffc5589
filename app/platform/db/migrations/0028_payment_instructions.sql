CREATE TABLE "payment_instructions" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"payee_name" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"routing_number" text DEFAULT '' NOT NULL,
	"mailing_address" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_instructions_single_row" CHECK ("payment_instructions"."id" = 1),
	CONSTRAINT "payment_instructions_lengths_check" CHECK (char_length("payment_instructions"."payee_name") between 1 and 100 and char_length("payment_instructions"."bank_name") <= 100
        and char_length("payment_instructions"."account_number") <= 64 and char_length("payment_instructions"."routing_number") <= 64
        and char_length("payment_instructions"."mailing_address") <= 300 and char_length("payment_instructions"."note") <= 500),
	CONSTRAINT "payment_instructions_a_way_to_pay_check" CHECK ("payment_instructions"."account_number" <> '' or "payment_instructions"."mailing_address" <> '')
);
--> statement-breakpoint
ALTER TABLE "payment_instructions" ADD CONSTRAINT "payment_instructions_updated_by_user_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;