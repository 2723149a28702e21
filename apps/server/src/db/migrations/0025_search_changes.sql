-- Issue 19: teacher search keeps hot answers in memory (modules/teachers/search-cache.ts). Every
-- change to what a search answers notifies channel "ustaz_catalogue" at commit; every connection of
-- every server process LISTENs on it (db/client.ts) and drops its cached searches. Row-level
-- triggers, so a statement that changes no row (a sweep finding nothing to release) notifies
-- nobody; PostgreSQL folds the identical notifications of one transaction into one.
CREATE FUNCTION ustaz_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ustaz_catalogue', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER teacher_profiles_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "teacher_profiles"
FOR EACH ROW EXECUTE FUNCTION ustaz_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER teacher_subjects_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "teacher_subjects"
FOR EACH ROW EXECUTE FUNCTION ustaz_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER subjects_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "subjects"
FOR EACH ROW EXECUTE FUNCTION ustaz_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER time_slots_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "time_slots"
FOR EACH ROW EXECUTE FUNCTION ustaz_catalogue_changed();
--> statement-breakpoint
-- A teacher's card shows the user's names and photo; role and status decide who is listed.
CREATE TRIGGER users_catalogue_changed AFTER UPDATE OF "first_name", "last_name", "photo_file_id", "role_id", "status" OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION ustaz_catalogue_changed();
