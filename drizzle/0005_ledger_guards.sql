-- The journal is append-only and every entry balances: the database itself refuses anything else.

-- Each entry's lines sum to zero per currency (debits = credits). Deferred to commit, so an entry's
-- lines can be inserted one statement at a time inside its transaction.
CREATE FUNCTION ledger_entry_must_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
BEGIN
  SELECT currency_code, sum(CASE WHEN direction = 'debit' THEN amount ELSE -amount END) AS difference
    INTO unbalanced
    FROM ledger_lines
   WHERE entry_id = NEW.entry_id
   GROUP BY currency_code
  HAVING sum(CASE WHEN direction = 'debit' THEN amount ELSE -amount END) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry % does not balance in % (debits - credits = %)',
      NEW.entry_id, unbalanced.currency_code, unbalanced.difference
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_lines_balanced
  AFTER INSERT ON ledger_lines
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_must_balance();
--> statement-breakpoint
CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_append_only BEFORE UPDATE OR DELETE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
