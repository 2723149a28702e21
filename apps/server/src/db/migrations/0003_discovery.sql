CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"time_slot_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('pending', 'confirmed', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"type" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"teacher_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_type_check" CHECK ("reviews"."type" in ('teacher_to_student', 'student_to_teacher'))
);
--> statement-breakpoint
CREATE TABLE "search_not_found_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"keywords" text NOT NULL,
	"normalized" text NOT NULL,
	"search_type" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'book-open' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bio_ar" text DEFAULT '' NOT NULL,
	"bio_en" text DEFAULT '' NOT NULL,
	"major_ar" text DEFAULT '' NOT NULL,
	"major_en" text DEFAULT '' NOT NULL,
	"experience_years" integer DEFAULT 0 NOT NULL,
	"hourly_rate_fils" integer DEFAULT 0 NOT NULL,
	"video_url" text,
	"average_rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"bookings_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_profiles_experience_check" CHECK ("teacher_profiles"."experience_years" >= 0),
	CONSTRAINT "teacher_profiles_rate_check" CHECK ("teacher_profiles"."hourly_rate_fils" >= 0),
	CONSTRAINT "teacher_profiles_rating_check" CHECK ("teacher_profiles"."average_rating" >= 0 and "teacher_profiles"."average_rating" <= 5),
	CONSTRAINT "teacher_profiles_counts_check" CHECK ("teacher_profiles"."rating_count" >= 0 and "teacher_profiles"."bookings_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "teacher_subjects" (
	"teacher_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "teacher_subjects_teacher_id_subject_id_pk" PRIMARY KEY("teacher_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"price_fils" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_slots_range_check" CHECK ("time_slots"."end_time" > "time_slots"."start_time"),
	CONSTRAINT "time_slots_price_check" CHECK ("time_slots"."price_fils" >= 0),
	CONSTRAINT "time_slots_status_check" CHECK ("time_slots"."status" in ('open', 'held', 'booked'))
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_not_found_logs" ADD CONSTRAINT "search_not_found_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_student_idx" ON "reservations" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_teacher_idx" ON "reservations" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_slot_idx" ON "reservations" USING btree ("time_slot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_reservation_type_unique" ON "reviews" USING btree ("reservation_id","type");--> statement-breakpoint
CREATE INDEX "reviews_teacher_idx" ON "reviews" USING btree ("teacher_id","type","created_at");--> statement-breakpoint
CREATE INDEX "reviews_student_idx" ON "reviews" USING btree ("student_id","type","created_at");--> statement-breakpoint
CREATE INDEX "reviews_latest_idx" ON "reviews" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "search_not_found_logs_normalized_idx" ON "search_not_found_logs" USING btree ("search_type","normalized");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_name_en_unique" ON "subjects" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "subjects_order_idx" ON "subjects" USING btree ("sort_order","name_ar");--> statement-breakpoint
CREATE INDEX "subjects_search_trgm_idx" ON "subjects" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_profiles_user_unique" ON "teacher_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_trgm_idx" ON "teacher_profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teacher_profiles_rating_idx" ON "teacher_profiles" USING btree ("average_rating","id");--> statement-breakpoint
CREATE INDEX "teacher_profiles_experience_idx" ON "teacher_profiles" USING btree ("experience_years","id");--> statement-breakpoint
CREATE INDEX "teacher_profiles_rate_idx" ON "teacher_profiles" USING btree ("hourly_rate_fils","id");--> statement-breakpoint
CREATE INDEX "teacher_profiles_bookings_idx" ON "teacher_profiles" USING btree ("bookings_count","id");--> statement-breakpoint
CREATE INDEX "teacher_subjects_subject_idx" ON "teacher_subjects" USING btree ("subject_id","teacher_id");--> statement-breakpoint
CREATE INDEX "time_slots_open_teacher_start_idx" ON "time_slots" USING btree ("teacher_id","start_time") WHERE "time_slots"."status" = 'open';--> statement-breakpoint
CREATE INDEX "time_slots_open_start_idx" ON "time_slots" USING btree ("start_time","teacher_id") WHERE "time_slots"."status" = 'open';