CREATE INDEX "care_requests_recipient_idx" ON "care_requests" USING btree ("care_recipient_id") WHERE "care_recipient_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_care_request_idx" ON "orders" USING btree ("care_request_id");
