-- A user row written after its teacher profile (a database move copies the users and files cycle
-- with its foreign keys deferred, so a profile may come first) makes the profile's "listed" right
-- too: the profile is rewritten, which recomputes it (0036). A new account has no profile: nothing.
CREATE TRIGGER users_listing_inserted AFTER INSERT ON "users"
FOR EACH ROW EXECUTE FUNCTION ustaz_user_listing_changed();
