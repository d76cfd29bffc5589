-- Admin lists (docs/decisions/0040-admin-lists-and-audit-log.md): the indexes their sorts and searches use.
-- pg_trgm is a trusted extension, shipped with the embedded PostgreSQL and the distribution's.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","order_number");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "caregiver_profiles_name_trgm_idx" ON "caregiver_profiles" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_name_trgm_idx" ON "user_profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_email_trgm_idx" ON "user_profiles" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_created_idx" ON "user_profiles" USING btree ("created_at","email");--> statement-breakpoint
DROP INDEX IF EXISTS "invoices_issued_idx";--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);
