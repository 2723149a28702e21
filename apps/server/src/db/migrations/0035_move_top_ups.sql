CREATE TABLE "move_top_ups" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"time_slot_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"price_fils" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "move_top_ups_price_check" CHECK ("move_top_ups"."price_fils" >= 0)
);
--> statement-breakpoint
ALTER TABLE "move_top_ups" ADD CONSTRAINT "move_top_ups_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_top_ups" ADD CONSTRAINT "move_top_ups_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "move_top_ups_reservation_idx" ON "move_top_ups" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "move_top_ups_slot_idx" ON "move_top_ups" USING btree ("time_slot_id");