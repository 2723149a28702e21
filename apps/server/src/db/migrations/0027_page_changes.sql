-- Issue 18: server-rendered public pages are kept in memory as they were sent (web/finished-pages.ts)
-- and dropped on the same "ustaz_catalogue" notification as the cached searches (0025). Reviews
-- (the home page's latest reviews, a teacher's reviews and rating, the rating sort of search) and
-- subscription packages (the subscriptions page) change what those pages show too.
CREATE TRIGGER reviews_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "reviews"
FOR EACH ROW EXECUTE FUNCTION ustaz_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER subscription_packages_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "subscription_packages"
FOR EACH ROW EXECUTE FUNCTION ustaz_catalogue_changed();
