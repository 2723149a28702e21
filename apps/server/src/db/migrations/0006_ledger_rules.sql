-- Money rules the database enforces itself (RELIABILITY I1, I6; ADR 008).

-- Reservations made before booking existed (seeded history) get the slot's time and price.
UPDATE "reservations" r
SET "start_time" = s."start_time", "end_time" = s."end_time", "price_fils" = s."price_fils"
FROM "time_slots" s
WHERE s."id" = r."time_slot_id" AND r."start_time" IS NULL;
--> statement-breakpoint

-- The system accounts: one each, no owner.
INSERT INTO "ledger_accounts" ("kind", "user_id") VALUES ('gateway', NULL), ('escrow', NULL), ('revenue', NULL);
--> statement-breakpoint

-- I6: entries and transfers are immutable; a correction is a new, reversing transfer.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable (%)', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON "ledger_entries"
FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON "ledger_transfers"
FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint

-- I1: at commit, every transfer that got entries in this transaction sums to zero.
CREATE FUNCTION ledger_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT coalesce(sum("amount_fils"), 0) INTO total FROM "ledger_entries" WHERE "transfer_id" = NEW."transfer_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transfer % is unbalanced by %', NEW."transfer_id", total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON "ledger_entries"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transfer_balanced();
