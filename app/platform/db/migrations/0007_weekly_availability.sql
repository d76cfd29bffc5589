ALTER TABLE "caregiver_profiles" ADD COLUMN "weekly_availability" int4multirange DEFAULT '{}'::int4multirange NOT NULL;
--> statement-breakpoint
-- caregiver_profiles.weekly_availability mirrors caregiver_availability as minute-of-week ranges
-- (weekday * 1440 + minute, Monday = 0), so that matching tests every requested window with one
-- containment on the profile row. Statement-level triggers (a trigger with transition tables takes
-- one event, so three) recompute it for every caregiver a statement touched.
CREATE FUNCTION caregiver_weekly_availability_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE caregiver_profiles cp
    SET weekly_availability = caregiver_weekly_availability(cp.user_id)
    WHERE cp.user_id IN (SELECT caregiver_id FROM changed_rows UNION SELECT caregiver_id FROM old_rows);
  ELSE
    UPDATE caregiver_profiles cp
    SET weekly_availability = caregiver_weekly_availability(cp.user_id)
    WHERE cp.user_id IN (SELECT caregiver_id FROM changed_rows);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION caregiver_weekly_availability(caregiver text) RETURNS int4multirange LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    range_agg(int4range(a.weekday * 1440 + a.start_minute, a.weekday * 1440 + a.end_minute)),
    '{}'::int4multirange
  )
  FROM caregiver_availability a
  WHERE a.caregiver_id = caregiver
$$;
--> statement-breakpoint
CREATE TRIGGER caregiver_availability_inserted AFTER INSERT ON caregiver_availability
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION caregiver_weekly_availability_refresh();
--> statement-breakpoint
CREATE TRIGGER caregiver_availability_updated AFTER UPDATE ON caregiver_availability
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION caregiver_weekly_availability_refresh();
--> statement-breakpoint
CREATE TRIGGER caregiver_availability_deleted AFTER DELETE ON caregiver_availability
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION caregiver_weekly_availability_refresh();
--> statement-breakpoint
UPDATE caregiver_profiles SET weekly_availability = caregiver_weekly_availability(user_id);
