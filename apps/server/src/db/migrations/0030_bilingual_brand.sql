ALTER TABLE "website_settings" ADD COLUMN "contact_address_en" text;--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "app_name_en" text;