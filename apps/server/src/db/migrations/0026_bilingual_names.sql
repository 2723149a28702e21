ALTER TABLE "users" ADD COLUMN "first_name_ar" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_name_ar" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_name_en" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_name_en" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_name_ar_pair" CHECK (("users"."first_name_ar" is null) = ("users"."last_name_ar" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_name_en_pair" CHECK (("users"."first_name_en" is null) = ("users"."last_name_en" is null));--> statement-breakpoint
-- A teacher's card shows the spellings too: the search cache (0025) hears of their changes.
DROP TRIGGER "users_catalogue_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER users_catalogue_changed AFTER UPDATE OF "first_name", "last_name", "first_name_ar", "last_name_ar", "first_name_en", "last_name_en", "photo_file_id", "role_id", "status" OR DELETE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION ustaz_catalogue_changed();
