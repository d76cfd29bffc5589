-- Every change to what the signed-out public pages show announces itself on one channel, at commit, to every
-- app process, which empties its cache of rendered pages (docs/decisions/0043-rendered-page-cache.md). The
-- tables are those the public pages read: caregiver profiles (approval, suspension, profile, photo, rates, ratings),
-- reviews (added, hidden), the reviewers' names, and the training behind a profile's certified badge. One
-- notification per statement; PostgreSQL folds those of one transaction into one.
CREATE FUNCTION public_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_pages_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER public_pages_caregiver_profiles AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON caregiver_profiles FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed();--> statement-breakpoint
CREATE TRIGGER public_pages_reviews AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed();--> statement-breakpoint
CREATE TRIGGER public_pages_client_names AFTER UPDATE OF first_name, last_name OR DELETE OR TRUNCATE ON client_profiles FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed();--> statement-breakpoint
CREATE TRIGGER public_pages_training_modules AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON training_modules FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed();--> statement-breakpoint
CREATE TRIGGER public_pages_training_attempts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON training_attempts FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed();
