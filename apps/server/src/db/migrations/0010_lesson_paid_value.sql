ALTER TABLE "reservations" ADD COLUMN "hours_value_fils" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cash_fils" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_usages" ADD COLUMN "value_fils" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "remaining_value_fils" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_paid_check" CHECK ("reservations"."hours_value_fils" >= 0 and "reservations"."cash_fils" >= 0);--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_remaining_value_check" CHECK ("user_subscriptions"."remaining_value_fils" >= 0 and "user_subscriptions"."remaining_value_fils" <= "user_subscriptions"."price_fils");--> statement-breakpoint

-- RELIABILITY I9: a lesson pays out what was paid for it. Subscription money now waits in
-- `prepaid` until its hours are spent; what was bought before this migration sits in revenue and
-- is moved below by one named transfer. Immutable ledger rows are never rewritten.
INSERT INTO "ledger_accounts" ("kind", "user_id") VALUES ('prepaid', NULL);
--> statement-breakpoint

-- Wallet and gateway bookings paid their price in money (seeded history paid nothing).
UPDATE "reservations" SET "cash_fils" = "price_fils"
WHERE "paid_with" <> 'subscription' AND "booking_group" IS NOT NULL;
--> statement-breakpoint

-- Minutes spent so far are worth their subscription's own price per minute.
UPDATE "subscription_usages" u
SET "value_fils" = round(u."minutes"::numeric * s."price_fils" / s."total_minutes")
FROM "user_subscriptions" s
WHERE s."id" = u."subscription_id" AND s."total_minutes" > 0;
--> statement-breakpoint

UPDATE "reservations" r SET "hours_value_fils" = v."value"
FROM (
  SELECT "reservation_id", sum("value_fils") AS "value" FROM "subscription_usages"
  WHERE "refunded_at" IS NULL GROUP BY "reservation_id"
) v
WHERE v."reservation_id" = r."id" AND r."paid_with" = 'subscription' AND r."status" <> 'cancelled';
--> statement-breakpoint

-- What an active subscription has left is its price less what its spent minutes were worth.
UPDATE "user_subscriptions" s
SET "remaining_value_fils" = CASE WHEN s."remaining_minutes" = 0 THEN 0
  ELSE greatest(0, least(s."price_fils", s."price_fils" - coalesce(v."used", 0))) END
FROM "user_subscriptions" s2
LEFT JOIN (
  SELECT "subscription_id", sum("value_fils") AS "used" FROM "subscription_usages"
  WHERE "refunded_at" IS NULL GROUP BY "subscription_id"
) v ON v."subscription_id" = s2."id"
WHERE s2."id" = s."id" AND s."status" = 'active';
--> statement-breakpoint

-- One named transfer moves the unspent hours' value (revenue -> prepaid) and the value of booked,
-- not yet completed hour lessons (revenue -> escrow) to where the new rules expect them.
DO $$
DECLARE
  to_prepaid bigint;
  to_escrow bigint;
  transfer bigint;
BEGIN
  SELECT coalesce(sum("remaining_value_fils"), 0) INTO to_prepaid FROM "user_subscriptions";
  SELECT coalesce(sum("hours_value_fils"), 0) INTO to_escrow FROM "reservations"
    WHERE "status" = 'confirmed' AND "paid_with" = 'subscription';
  IF to_prepaid + to_escrow > 0 THEN
    INSERT INTO "ledger_transfers" ("key", "kind", "memo")
      VALUES ('migration:0010:hours', 'hours_reclass', 'subscription hours bought before migration 0010')
      RETURNING "id" INTO transfer;
    INSERT INTO "ledger_entries" ("transfer_id", "account_id", "amount_fils")
      SELECT transfer, "id", -(to_prepaid + to_escrow) FROM "ledger_accounts" WHERE "kind" = 'revenue' AND "user_id" IS NULL;
    UPDATE "ledger_accounts" SET "balance_fils" = "balance_fils" - (to_prepaid + to_escrow)
      WHERE "kind" = 'revenue' AND "user_id" IS NULL;
    IF to_prepaid > 0 THEN
      INSERT INTO "ledger_entries" ("transfer_id", "account_id", "amount_fils")
        SELECT transfer, "id", to_prepaid FROM "ledger_accounts" WHERE "kind" = 'prepaid' AND "user_id" IS NULL;
      UPDATE "ledger_accounts" SET "balance_fils" = "balance_fils" + to_prepaid WHERE "kind" = 'prepaid' AND "user_id" IS NULL;
    END IF;
    IF to_escrow > 0 THEN
      INSERT INTO "ledger_entries" ("transfer_id", "account_id", "amount_fils")
        SELECT transfer, "id", to_escrow FROM "ledger_accounts" WHERE "kind" = 'escrow' AND "user_id" IS NULL;
      UPDATE "ledger_accounts" SET "balance_fils" = "balance_fils" + to_escrow WHERE "kind" = 'escrow' AND "user_id" IS NULL;
    END IF;
  END IF;
END $$;
