CREATE TABLE "care_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"full_name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(regexp_replace(btrim(normalize(full_name, NFKC)), '[[:space:]]+', ' ', 'g'))) STORED NOT NULL,
	"street_address" text NOT NULL,
	"zip_code" text NOT NULL,
	"person" jsonb NOT NULL,
	"last_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "care_recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "care_recipients" ADD CONSTRAINT "care_recipients_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_recipients_client_name_idx" ON "care_recipients" USING btree ("client_id","name_key");--> statement-breakpoint
CREATE INDEX "care_recipients_client_idx" ON "care_recipients" USING btree ("client_id","last_requested_at");--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_care_recipient_id_care_recipients_id_fk" FOREIGN KEY ("care_recipient_id") REFERENCES "public"."care_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Families who asked for care before this table: each person they asked for (one per name, as name_key tells
-- them apart) is saved with the answers of their newest request, and every request is linked to its person.
INSERT INTO "care_recipients" ("client_id", "full_name", "street_address", "zip_code", "person", "last_requested_at", "created_at")
SELECT DISTINCT ON (cr."client_id", lower(regexp_replace(btrim(normalize(cr.request->>'fullName', NFKC)), '[[:space:]]+', ' ', 'g')))
	cr."client_id",
	btrim(cr.request->>'fullName'),
	coalesce(cr.request->>'streetAddress', ''),
	coalesce(cr.request->>'zipCode', cr."zip_code"),
	jsonb_strip_nulls(jsonb_build_object(
		'careRecipient', cr.request->'careRecipient',
		'age', cr.request->'age',
		'gender', cr.request->'gender',
		'phoneNumber', cr.request->'phoneNumber',
		'serviceTypes', cr.request->'serviceTypes',
		'healthNeeds', cr.request->'healthNeeds',
		'careType', cr.request->'careType',
		'preferredLanguage', cr.request->'preferredLanguage',
		'caregiverGender', cr.request->'caregiverGender',
		'culture', cr.request->'culture',
		'languageRequired', cr.request->'languageRequired',
		'caregiverGenderRequired', cr.request->'caregiverGenderRequired',
		'cultureRequired', cr.request->'cultureRequired',
		'privateRoomAvailable', cr.request->'privateRoomAvailable',
		'additionalDetails', cr.request->'additionalDetails'
	)),
	cr."created_at",
	cr."created_at"
FROM "care_requests" cr
WHERE coalesce(btrim(cr.request->>'fullName'), '') <> ''
ORDER BY cr."client_id", lower(regexp_replace(btrim(normalize(cr.request->>'fullName', NFKC)), '[[:space:]]+', ' ', 'g')), cr."created_at" DESC;--> statement-breakpoint
UPDATE "care_requests" cr SET "care_recipient_id" = r."id"
FROM "care_recipients" r
WHERE r."client_id" = cr."client_id" AND r."name_key" = lower(regexp_replace(btrim(normalize(cr.request->>'fullName', NFKC)), '[[:space:]]+', ' ', 'g'));
