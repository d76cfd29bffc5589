CREATE TABLE "analytics_metro_work" (
	"day" date NOT NULL,
	"metro" text,
	"worked_seconds" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_caregiver_periods" (
	"unit" text NOT NULL,
	"period" date NOT NULL,
	"metro" text,
	"active" integer NOT NULL,
	"retained" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_caregiver_active" (
	"unit" text NOT NULL,
	"period" date NOT NULL,
	"caregiver_id" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_dirty_metros" (
	"metro" text,
	CONSTRAINT "analytics_dirty_metros_metro_unique" UNIQUE NULLS NOT DISTINCT("metro")
);
--> statement-breakpoint
CREATE TABLE "analytics_periods_through" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "analytics_periods_through_single_check" CHECK ("single")
);
--> statement-breakpoint
CREATE INDEX "analytics_metro_work_day_idx" ON "analytics_metro_work" USING btree ("day","metro");--> statement-breakpoint
CREATE INDEX "analytics_caregiver_periods_period_idx" ON "analytics_caregiver_periods" USING btree ("unit","period","metro");--> statement-breakpoint
CREATE INDEX "analytics_caregiver_active_period_idx" ON "analytics_caregiver_active" USING btree ("unit","period","caregiver_id");--> statement-breakpoint
CREATE INDEX "analytics_caregiver_days_caregiver_idx" ON "analytics_caregiver_days" USING btree ("caregiver_id","day");--> statement-breakpoint
-- The caregiver metros ("City, ST", null without one) whose utilisation and retention rows must be
-- recomputed: a caregiver's metro, status or availability changed, so the caregiver now counts elsewhere or
-- no longer counts (docs/decisions/0039-admin-home-and-analytics.md, "Staying fast with a year of data").
CREATE FUNCTION analytics_mark_metros(metros text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_dirty_metros (metro) SELECT DISTINCT m FROM unnest(metros) m ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_caregiver_profiles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_mark_metros(array(SELECT city || ', ' || state FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_mark_metros(array(SELECT city || ', ' || state FROM old_rows));
  ELSE
    PERFORM analytics_mark_metros(array(
      SELECT unnest(ARRAY[o.city || ', ' || o.state, n.city || ', ' || n.state])
      FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
      WHERE o.city IS DISTINCT FROM n.city OR o.state IS DISTINCT FROM n.state
        OR o.caregiver_status IS DISTINCT FROM n.caregiver_status
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_caregiver_availability_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_mark_metros(array(
      SELECT cp.city || ', ' || cp.state FROM caregiver_profiles cp WHERE cp.user_id IN (SELECT caregiver_id FROM new_rows)
    ));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_mark_metros(array(
      SELECT cp.city || ', ' || cp.state FROM caregiver_profiles cp WHERE cp.user_id IN (SELECT caregiver_id FROM old_rows)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_caregiver_profiles_inserted AFTER INSERT ON caregiver_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_caregiver_profiles_changed();--> statement-breakpoint
CREATE TRIGGER analytics_caregiver_profiles_updated AFTER UPDATE ON caregiver_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_caregiver_profiles_changed();--> statement-breakpoint
CREATE TRIGGER analytics_caregiver_profiles_deleted AFTER DELETE ON caregiver_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_caregiver_profiles_changed();--> statement-breakpoint
CREATE TRIGGER analytics_caregiver_availability_inserted AFTER INSERT ON caregiver_availability REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_caregiver_availability_changed();--> statement-breakpoint
CREATE TRIGGER analytics_caregiver_availability_updated AFTER UPDATE ON caregiver_availability REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_caregiver_availability_changed();--> statement-breakpoint
CREATE TRIGGER analytics_caregiver_availability_deleted AFTER DELETE ON caregiver_availability REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_caregiver_availability_changed();--> statement-breakpoint
-- Every metro of the data already there, for the first refresh to compute.
SELECT analytics_mark_metros(array(SELECT DISTINCT city || ', ' || state FROM caregiver_profiles UNION SELECT NULL));
