ALTER TABLE "lesson_attendance" ADD COLUMN "via" text DEFAULT 'room' NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_attendance" ADD COLUMN "media_connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "meeting_link_fixed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "verified_lesson" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_attendance" ADD CONSTRAINT "lesson_attendance_via_check" CHECK ("lesson_attendance"."via" in ('room', 'link'));--> statement-breakpoint
-- Issue 29: a review counts toward a rating, the bookings count and the verified mark only for a
-- lesson that was paid at least the minimum price for its length (0.500 KWD an hour, wallet or hours,
-- not refunded in full) and attended by both parties. Lessons completed before this migration are
-- verified when paid so and both parties had a stay in the room (the rule of the time).
UPDATE "reservations" r SET "verified_lesson" = true
WHERE r."status" = 'completed' AND r."start_time" IS NOT NULL AND r."end_time" IS NOT NULL
  AND (r."cash_fils" + r."hours_value_fils") * 3600 >= 500 * extract(epoch from (r."end_time" - r."start_time"))
  AND EXISTS (SELECT 1 FROM "lesson_attendance" a WHERE a."reservation_id" = r."id" AND a."role" = 'teacher')
  AND EXISTS (SELECT 1 FROM "lesson_attendance" a WHERE a."reservation_id" = r."id" AND a."role" = 'student')
  AND NOT EXISTS (SELECT 1 FROM "ledger_transfers" t WHERE t."key" = 'refund:' || r."id");
--> statement-breakpoint
-- The stored aggregates follow: published (ADR 015), unhidden reviews of verified lessons; verified lessons.
UPDATE "teacher_profiles" tp SET
  "average_rating" = coalesce((SELECT round(avg(v."rating"), 2) FROM "reviews" v
    JOIN "reservations" r ON r."id" = v."reservation_id" AND r."verified_lesson"
    WHERE v."teacher_id" = tp."id" AND v."type" = 'student_to_teacher' AND v."hidden_at" IS NULL
      AND (v."created_at" <= now() - interval '7 days' OR EXISTS (SELECT 1 FROM "reviews" o
        WHERE o."reservation_id" = v."reservation_id" AND o."type" <> v."type"))), 0),
  "rating_count" = (SELECT count(*) FROM "reviews" v
    JOIN "reservations" r ON r."id" = v."reservation_id" AND r."verified_lesson"
    WHERE v."teacher_id" = tp."id" AND v."type" = 'student_to_teacher' AND v."hidden_at" IS NULL
      AND (v."created_at" <= now() - interval '7 days' OR EXISTS (SELECT 1 FROM "reviews" o
        WHERE o."reservation_id" = v."reservation_id" AND o."type" <> v."type"))),
  "bookings_count" = (SELECT count(*) FROM "reservations" r WHERE r."teacher_id" = tp."id" AND r."verified_lesson");
