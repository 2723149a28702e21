ALTER TABLE "teacher_profiles" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kuwait' NOT NULL;--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "time_slots_series_idx" ON "time_slots" USING btree ("teacher_id","series_id") WHERE "time_slots"."series_id" is not null;