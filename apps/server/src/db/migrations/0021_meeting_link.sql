ALTER TABLE "reservations" ADD COLUMN "meeting_link" text;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "meeting_link" text;