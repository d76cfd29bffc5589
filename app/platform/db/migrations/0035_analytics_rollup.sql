CREATE TABLE "analytics_caregiver_days" (
	"day" date NOT NULL,
	"caregiver_id" text NOT NULL,
	"worked_seconds" numeric NOT NULL,
	"checked_in" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"day" date NOT NULL,
	"metro" text,
	"bookings" integer NOT NULL,
	"confirmed" integer NOT NULL,
	"match_hours" double precision[] NOT NULL,
	"worked_seconds" numeric NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"due" integer NOT NULL,
	"late" integer NOT NULL,
	"missed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_dirty_days" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_caregiver_days_day_idx" ON "analytics_caregiver_days" USING btree ("day","caregiver_id");--> statement-breakpoint
CREATE INDEX "analytics_days_day_idx" ON "analytics_days" USING btree ("day","metro");--> statement-breakpoint
-- The days (UTC) an order, visit, invoice or care request change touches, for the analytics summary to
-- recompute (docs/decisions/0039-admin-home-and-analytics.md, "Staying fast with a year of data").
-- Statement-level, with transition tables, so that a bulk insert marks each day once.
CREATE FUNCTION analytics_mark_days(stamps timestamptz[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_dirty_days (day)
  SELECT DISTINCT (s AT TIME ZONE 'UTC')::date FROM unnest(stamps) s WHERE s IS NOT NULL
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- Every day an order's figures fall on: its submission, its visits' and its invoices' (for a change of metro).
CREATE FUNCTION analytics_mark_order_days(order_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT analytics_mark_days(array(
    SELECT o.created_at FROM orders o WHERE o.id = ANY(order_ids)
    UNION ALL SELECT unnest(ARRAY[v.starts_at, v.checked_in_at, v.checked_out_at]) FROM visits v WHERE v.order_id = ANY(order_ids)
    UNION ALL SELECT i.issued_at FROM invoices i WHERE i.order_id = ANY(order_ids)
  ))
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_mark_days(array(SELECT created_at FROM new_rows));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_mark_days(array(SELECT created_at FROM old_rows));
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM analytics_mark_order_days(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.care_request_id <> n.care_request_id
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_visits_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_mark_days(array(SELECT unnest(ARRAY[starts_at, checked_in_at, checked_out_at]) FROM new_rows));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_mark_days(array(SELECT unnest(ARRAY[starts_at, checked_in_at, checked_out_at]) FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_invoices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_mark_days(array(SELECT issued_at FROM new_rows));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_mark_days(array(SELECT issued_at FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_care_requests_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_mark_order_days(array(
    SELECT ord.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN orders ord ON ord.care_request_id = n.id
    WHERE o.city IS DISTINCT FROM n.city OR o.state IS DISTINCT FROM n.state
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_changed();--> statement-breakpoint
CREATE TRIGGER analytics_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_changed();--> statement-breakpoint
CREATE TRIGGER analytics_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_changed();--> statement-breakpoint
CREATE TRIGGER analytics_visits_inserted AFTER INSERT ON visits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_visits_changed();--> statement-breakpoint
CREATE TRIGGER analytics_visits_updated AFTER UPDATE ON visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_visits_changed();--> statement-breakpoint
CREATE TRIGGER analytics_visits_deleted AFTER DELETE ON visits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_visits_changed();--> statement-breakpoint
CREATE TRIGGER analytics_invoices_inserted AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_invoices_changed();--> statement-breakpoint
CREATE TRIGGER analytics_invoices_updated AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_invoices_changed();--> statement-breakpoint
CREATE TRIGGER analytics_invoices_deleted AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_invoices_changed();--> statement-breakpoint
CREATE TRIGGER analytics_care_requests_updated AFTER UPDATE ON care_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_care_requests_changed();--> statement-breakpoint
-- The days of the data already there, for the first read to compute.
SELECT analytics_mark_days(array(
  SELECT created_at FROM orders
  UNION ALL SELECT unnest(ARRAY[starts_at, checked_in_at, checked_out_at]) FROM visits
  UNION ALL SELECT issued_at FROM invoices
));
