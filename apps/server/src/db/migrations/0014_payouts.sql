CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fils" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"iban" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_reference" text,
	"reject_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('requested', 'paid', 'rejected')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_fils" > 0)
);
--> statement-breakpoint
CREATE TABLE "teacher_bank_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"iban" text NOT NULL,
	"holder_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_bank_accounts" ADD CONSTRAINT "teacher_bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_clearing_balance_check" CHECK ("ledger_accounts"."kind" <> 'payouts_clearing' or "ledger_accounts"."balance_fils" >= 0);--> statement-breakpoint

-- RELIABILITY I10: payout requests wait in `payouts_clearing` until an admin pays them (to
-- `paid_out`, money that left for the teachers' banks) or returns them to the teacher's earnings.
INSERT INTO "ledger_accounts" ("kind", "user_id") VALUES ('payouts_clearing', NULL), ('paid_out', NULL);
