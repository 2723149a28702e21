ALTER TABLE "teacher_profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 33: teacher search filters "listed" instead of joining users for every candidate row (ADR
-- 007). The database keeps it, whoever writes: every insert or update of a profile recomputes it
-- (approved, and its user an active teacher: role 2 is ROLE.teacher of the contract), and a
-- change of a user's role or status rewrites that user's profile, which recomputes it again.
CREATE FUNCTION ustaz_teacher_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NEW.approved_at IS NOT NULL AND EXISTS (
    SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.role_id = 2 AND u.status = 'active'
  );
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER teacher_profiles_listed BEFORE INSERT OR UPDATE ON "teacher_profiles"
FOR EACH ROW EXECUTE FUNCTION ustaz_teacher_listed();
--> statement-breakpoint
CREATE FUNCTION ustaz_user_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teacher_profiles SET listed = false WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_listing_changed AFTER UPDATE OF "role_id", "status" ON "users"
FOR EACH ROW WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION ustaz_user_listing_changed();
--> statement-breakpoint
-- The BEFORE trigger sets the value of every existing profile.
UPDATE "teacher_profiles" SET "listed" = false;
