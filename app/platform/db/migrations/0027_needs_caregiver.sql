ALTER TABLE "order_offers" ADD COLUMN "offered_by" text;--> statement-breakpoint
ALTER TABLE "order_offers" ADD COLUMN "offered_by_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "needs_caregiver_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_offers" ADD CONSTRAINT "order_offers_offered_by_user_profiles_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_needs_caregiver_idx" ON "orders" USING btree ("needs_caregiver_since") WHERE "orders"."needs_caregiver_since" is not null;--> statement-breakpoint
-- Orders already waiting with no open offer (nobody matched, or everyone offered said no) join the team's queue
-- from when they were last left without a caregiver.
UPDATE "orders" o SET "needs_caregiver_since" = coalesce(
  (SELECT max(coalesce(f."responded_at", f."expires_at")) FROM "order_offers" f WHERE f."order_id" = o."id"),
  o."created_at"
)
WHERE o."status" = 'submitted'
  AND NOT EXISTS (SELECT 1 FROM "order_offers" f WHERE f."order_id" = o."id" AND f."status" = 'offered');
