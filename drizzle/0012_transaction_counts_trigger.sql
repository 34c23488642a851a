-- Keeps customer_transaction_counts equal to count(*) of customer_transactions per (merchant,
-- currency, type, status): +1 on insert, -1/+1 when the status changes, -1 on delete. In the
-- transaction of the change, so the listing's `total` is always exact.
CREATE FUNCTION customer_transaction_counts_bump(m uuid, c text, t text, s text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO customer_transaction_counts (merchant_id, currency_code, transaction_type, status, n)
  VALUES (m, c, t, s, delta)
  ON CONFLICT (merchant_id, currency_code, transaction_type, status) DO UPDATE SET n = customer_transaction_counts.n + delta;
$$;
--> statement-breakpoint
CREATE FUNCTION customer_transactions_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM customer_transaction_counts_bump(OLD.merchant_id, OLD.currency_code, OLD.transaction_type, OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM customer_transaction_counts_bump(NEW.merchant_id, NEW.currency_code, NEW.transaction_type, NEW.status, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_transactions_count_insert_delete
  AFTER INSERT OR DELETE ON customer_transactions
  FOR EACH ROW EXECUTE FUNCTION customer_transactions_count();
--> statement-breakpoint
CREATE TRIGGER customer_transactions_count_update
  AFTER UPDATE OF merchant_id, currency_code, transaction_type, status ON customer_transactions
  FOR EACH ROW
  WHEN (ROW(OLD.merchant_id, OLD.currency_code, OLD.transaction_type, OLD.status)
        IS DISTINCT FROM ROW(NEW.merchant_id, NEW.currency_code, NEW.transaction_type, NEW.status))
  EXECUTE FUNCTION customer_transactions_count();
--> statement-breakpoint
INSERT INTO customer_transaction_counts (merchant_id, currency_code, transaction_type, status, n)
SELECT merchant_id, currency_code, transaction_type, status, count(*)
  FROM customer_transactions
 GROUP BY 1, 2, 3, 4;
