CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"balance_fils" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_user_balance_check" CHECK ("ledger_accounts"."kind" not in ('wallet', 'earnings') or "ledger_accounts"."balance_fils" >= 0),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" in ('wallet', 'earnings')) = ("ledger_accounts"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount_fils" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_nonzero_check" CHECK ("ledger_entries"."amount_fils" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"payment_id" text,
	"reservation_id" integer,
	"subscription_id" integer,
	"actor_user_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"gateway" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_fils" bigint NOT NULL,
	"currency" text DEFAULT 'KWD' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"gateway_reference" text,
	"language" text DEFAULT 'ar' NOT NULL,
	"subscription_id" integer,
	"credited_to_wallet" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_fils" > 0),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"amount_fils" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"success_url" text NOT NULL,
	"error_url" text NOT NULL,
	"language" text DEFAULT 'ar' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"hours" integer NOT NULL,
	"price_fils" bigint NOT NULL,
	"type" text DEFAULT 'standard' NOT NULL,
	"validity_days" integer NOT NULL,
	"features_ar" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features_en" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_percentage" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_packages_hours_check" CHECK ("subscription_packages"."hours" > 0),
	CONSTRAINT "subscription_packages_price_check" CHECK ("subscription_packages"."price_fils" > 0),
	CONSTRAINT "subscription_packages_validity_check" CHECK ("subscription_packages"."validity_days" > 0),
	CONSTRAINT "subscription_packages_discount_check" CHECK ("subscription_packages"."discount_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "subscription_usages" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"minutes" integer NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_usages_minutes_check" CHECK ("subscription_usages"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_minutes" integer NOT NULL,
	"remaining_minutes" integer NOT NULL,
	"price_fils" bigint NOT NULL,
	"paid_with" text NOT NULL,
	"payment_id" text,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_subscriptions_remaining_check" CHECK ("user_subscriptions"."remaining_minutes" >= 0 and "user_subscriptions"."remaining_minutes" <= "user_subscriptions"."total_minutes")
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "start_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "end_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_fils" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "paid_with" text DEFAULT 'wallet' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "subscription_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "booking_group" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "hold_payment_id" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_usages" ADD CONSTRAINT "subscription_usages_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_usages" ADD CONSTRAINT "subscription_usages_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_package_id_subscription_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."subscription_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_kind_user_unique" ON "ledger_accounts" USING btree ("kind",coalesce("user_id", 0));--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_key_unique" ON "ledger_transfers" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_payment_idx" ON "ledger_transfers" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_unique" ON "payments" USING btree ("gateway","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "subscription_usages_subscription_idx" ON "subscription_usages" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_usages_reservation_idx" ON "subscription_usages" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "user_subscriptions_user_idx" ON "user_subscriptions" USING btree ("user_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "reservations_payment_idx" ON "reservations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "reservations_due_idx" ON "reservations" USING btree ("end_time") WHERE "reservations"."status" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_slot_live_unique" ON "reservations" USING btree ("time_slot_id") WHERE "reservations"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_price_check" CHECK ("reservations"."price_fils" >= 0);