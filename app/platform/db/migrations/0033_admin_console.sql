CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "visits_checked_out_idx" ON "visits" USING btree ("checked_out_at") WHERE "visits"."checked_out_at" is not null;--> statement-breakpoint
CREATE INDEX "visits_checked_in_idx" ON "visits" USING btree ("checked_in_at") WHERE "visits"."checked_in_at" is not null;--> statement-breakpoint
CREATE INDEX "visits_starts_idx" ON "visits" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "visits_missed_idx" ON "visits" USING btree ("ends_at") WHERE "visits"."status" = 'missed';--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invoices_failed_charge_idx" ON "invoices" USING btree ("issued_at") WHERE "invoices"."status" = 'due' and "invoices"."last_charge_error" is not null;