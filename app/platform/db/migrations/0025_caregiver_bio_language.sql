ALTER TABLE "caregiver_profiles" ADD COLUMN "bio_language" text;--> statement-breakpoint
ALTER TABLE "caregiver_profiles" ADD CONSTRAINT "caregiver_profiles_bio_language_check" CHECK ("caregiver_profiles"."bio_language" in ('en', 'es'));--> statement-breakpoint
-- Bios written before the language was asked are taken as English; a caregiver who wrote in Spanish says so on the profile form.
UPDATE "caregiver_profiles" SET "bio_language" = 'en' WHERE "bio" IS NOT NULL;
