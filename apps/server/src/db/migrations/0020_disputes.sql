CREATE TABLE "lesson_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reported_by" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refund_fils" bigint,
	"resolution_note" text,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "lesson_disputes_status_check" CHECK ("lesson_disputes"."status" in ('open', 'refunded', 'released')),
	CONSTRAINT "lesson_disputes_reported_by_check" CHECK ("lesson_disputes"."reported_by" in ('student', 'teacher')),
	CONSTRAINT "lesson_disputes_reason_check" CHECK ("lesson_disputes"."reason" in ('teacherAbsent', 'studentAbsent', 'technical', 'quality', 'other')),
	CONSTRAINT "lesson_disputes_refund_check" CHECK ("lesson_disputes"."refund_fils" is null or "lesson_disputes"."refund_fils" > 0)
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "earning_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "no_show_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_disputes" ADD CONSTRAINT "lesson_disputes_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_disputes" ADD CONSTRAINT "lesson_disputes_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_disputes" ADD CONSTRAINT "lesson_disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_disputes_reservation_unique" ON "lesson_disputes" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "lesson_disputes_status_idx" ON "lesson_disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reservations_unreleased_idx" ON "reservations" USING btree ("end_time") WHERE "reservations"."status" = 'completed' and "reservations"."earning_released_at" is null;--> statement-breakpoint
UPDATE "reservations" SET "earning_released_at" = coalesce("completed_at", "end_time", now()) WHERE "status" = 'completed';
