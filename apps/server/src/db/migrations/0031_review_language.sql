-- The language each review is written in (issue 30 item 6): Arabic when its comment holds an Arabic
-- letter, else English: the contract's textLanguage (ARABIC_LETTER_CLASS), which sets it on every write.
ALTER TABLE "reviews" ADD COLUMN "language" text;--> statement-breakpoint
UPDATE "reviews" SET "language" = CASE WHEN "comment" ~ '[\u0620-\u064A\u066E\u066F\u0671-\u06D3\u06D5\u06EE\u06EF\u06FA-\u06FC\u06FF\u0750-\u077F\u08A0-\u08C9\uFB50-\uFDFB\uFE70-\uFEFC]' THEN 'ar' ELSE 'en' END;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "language" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_language_check" CHECK ("reviews"."language" in ('ar', 'en'));
