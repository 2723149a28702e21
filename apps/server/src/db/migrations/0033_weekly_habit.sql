CREATE TABLE "reservation_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"time_slot_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "reservation_proposals_status_check" CHECK ("reservation_proposals"."status" in ('open', 'accepted', 'declined', 'lapsed'))
);
--> statement-breakpoint
CREATE TABLE "standing_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"weeks" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"missing_weeks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "standing_bookings_status_check" CHECK ("standing_bookings"."status" in ('active', 'stopped', 'ended')),
	CONSTRAINT "standing_bookings_weeks_check" CHECK ("standing_bookings"."weeks" between 1 and 52),
	CONSTRAINT "standing_bookings_weekday_check" CHECK ("standing_bookings"."weekday" between 0 and 6)
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "kind" text DEFAULT 'lesson' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "free_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "standing_booking_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "charge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "trial_price_fils" integer;--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "kind" text DEFAULT 'lesson' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_proposals" ADD CONSTRAINT "reservation_proposals_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_proposals" ADD CONSTRAINT "reservation_proposals_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_bookings" ADD CONSTRAINT "standing_bookings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_bookings" ADD CONSTRAINT "standing_bookings_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_proposals_open_unique" ON "reservation_proposals" USING btree ("reservation_id") WHERE "reservation_proposals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reservation_proposals_slot_idx" ON "reservation_proposals" USING btree ("time_slot_id");--> statement-breakpoint
CREATE INDEX "standing_bookings_student_idx" ON "standing_bookings" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "standing_bookings_teacher_idx" ON "standing_bookings" USING btree ("teacher_id","created_at");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_standing_booking_id_standing_bookings_id_fk" FOREIGN KEY ("standing_booking_id") REFERENCES "public"."standing_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_trial_once_unique" ON "reservations" USING btree ("student_id","teacher_id") WHERE "reservations"."kind" = 'trial' and "reservations"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "reservations_charge_due_idx" ON "reservations" USING btree ("charge_at") WHERE "reservations"."charge_at" is not null;--> statement-breakpoint
CREATE INDEX "reservations_standing_idx" ON "reservations" USING btree ("standing_booking_id") WHERE "reservations"."standing_booking_id" is not null;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_kind_check" CHECK ("reservations"."kind" in ('lesson', 'trial'));--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_kind_check" CHECK ("time_slots"."kind" in ('lesson', 'trial'));