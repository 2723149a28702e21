-- ADR 023: the one sanctioned deletion of ledger rows, `npm run db:remove-demo` (src/seed/remove-demo.ts).
-- Entries and transfers stay immutable (I6, migration 0006) except in a transaction that set
-- `ustaz.ledger_removal` to 'demo' (set_config(..., true): that transaction only), and then only
-- DELETE, and only entries of a system account or of a demo account (an address at the reserved
-- domain ustaz.example, src/seed/demo-accounts.ts): a real user's money is refused here too, whatever
-- the code above does. Whole transfers go (the command removes every entry of a transfer), so each
-- remaining transfer still sums to zero (I1).
CREATE OR REPLACE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('ustaz.ledger_removal', true) = 'demo' THEN
    IF TG_TABLE_NAME = 'ledger_entries' THEN
      IF EXISTS (
        SELECT 1 FROM "ledger_accounts" a JOIN "users" u ON u."id" = a."user_id"
        WHERE a."id" = OLD."account_id" AND lower(u."email") NOT LIKE '%@ustaz.example'
      ) THEN
        RAISE EXCEPTION 'ledger entry % is of a real account: only demo and system entries may be removed', OLD."id"
          USING ERRCODE = 'restrict_violation';
      END IF;
    END IF;
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ledger rows are immutable (%)', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
