ALTER TABLE "subjects" ADD COLUMN "synonyms_ar" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "synonyms_en" jsonb DEFAULT '[]'::jsonb NOT NULL;