-- Every change to what the signed-out public pages show announces itself on one channel, at commit, to every
-- app process, which empties its cache of rendered pages (docs/decisions/0043-rendered-page-cache.md). The
-- tables are those the public pages read: caregiver profiles (approval, suspension, profile, photo, rates, ratings),
-- reviews (added, hidden), the reviewers' names, and the training behind a profile's certified badge. A statement
-- that changed no row announces nothing (some run on every visit of a page and mostly change nothing);
-- PostgreSQL folds the notifications of one transaction into one.
CREATE FUNCTION public_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('public_pages_changed', TG_TABLE_NAME);
  ELSIF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('public_pages_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A family's name shows beside its reviews; the rest of its profile shows nowhere public.
CREATE FUNCTION public_pages_client_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
    WHERE n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name
  ) THEN
    PERFORM pg_notify('public_pages_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The same four triggers on each table the public pages read whole.
DO $$
DECLARE
  target text;
BEGIN
  FOREACH target IN ARRAY ARRAY['caregiver_profiles', 'reviews', 'training_modules', 'training_attempts'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed()', 'public_pages_' || target || '_inserted', target);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed()', 'public_pages_' || target || '_updated', target);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed()', 'public_pages_' || target || '_deleted', target);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed()', 'public_pages_' || target || '_truncated', target);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER public_pages_client_names_updated AFTER UPDATE ON client_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_pages_client_names_changed();
--> statement-breakpoint
CREATE TRIGGER public_pages_client_names_deleted AFTER DELETE ON client_profiles REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed();
