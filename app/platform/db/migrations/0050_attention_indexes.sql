-- The admin's attention queue (features/visits/visit-attention.server.ts) reads the scheduled visits already
-- alerted late or offered to backups from this index: the few still scheduled, where the queue's conditions
-- joined by OR were tested against every scheduled visit to come. docs/decisions/0064-the-attention-queue-from-its-indexes.md.
CREATE INDEX "visits_alerted_idx" ON "visits" USING btree ("starts_at") WHERE "visits"."status" = 'scheduled' and ("visits"."late_alerted_at" is not null or "visits"."backup_offered_at" is not null);
