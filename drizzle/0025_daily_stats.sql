CREATE TABLE "tenant_daily_stats" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tenant_daily_stats_tenant_id_day_kind_key_pk" PRIMARY KEY("tenant_id","day","kind","key")
);
--> statement-breakpoint
ALTER TABLE "tenant_daily_stats" ADD CONSTRAINT "tenant_daily_stats_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_awaiting_approval_idx" ON "checkouts" USING btree ("tenant_id","updated_at") WHERE "checkouts"."status" = 'processing' and "checkouts"."payment_method" = 'bank_transfer' and "checkouts"."approval_status" = 'pending_approval';--> statement-breakpoint
-- tenant_daily_stats, kept in the transaction of each change: deposits per (tenant, UTC day,
-- currency) with their amount, payment attempts per (tenant, UTC day, status).
CREATE FUNCTION tenant_daily_stats_bump(tn uuid, d date, k text, ky text, delta bigint, amt bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO tenant_daily_stats (tenant_id, day, kind, key, n, amount)
  VALUES (tn, d, k, ky, delta, amt)
  ON CONFLICT (tenant_id, day, kind, key)
  DO UPDATE SET n = tenant_daily_stats.n + delta, amount = tenant_daily_stats.amount + amt;
$$;
--> statement-breakpoint
CREATE FUNCTION customer_transactions_daily_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.transaction_type = 'deposit' THEN
    PERFORM tenant_daily_stats_bump(OLD.tenant_id, (OLD.created_at AT TIME ZONE 'UTC')::date, 'deposit', OLD.currency_code, -1, -OLD.amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.transaction_type = 'deposit' THEN
    PERFORM tenant_daily_stats_bump(NEW.tenant_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 'deposit', NEW.currency_code, 1, NEW.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_transactions_daily_stats_insert_delete
  AFTER INSERT OR DELETE ON customer_transactions
  FOR EACH ROW EXECUTE FUNCTION customer_transactions_daily_stats();
--> statement-breakpoint
CREATE TRIGGER customer_transactions_daily_stats_update
  AFTER UPDATE OF tenant_id, created_at, currency_code, transaction_type, amount ON customer_transactions
  FOR EACH ROW
  WHEN (ROW(OLD.tenant_id, OLD.created_at, OLD.currency_code, OLD.transaction_type, OLD.amount)
        IS DISTINCT FROM ROW(NEW.tenant_id, NEW.created_at, NEW.currency_code, NEW.transaction_type, NEW.amount))
  EXECUTE FUNCTION customer_transactions_daily_stats();
--> statement-breakpoint
CREATE FUNCTION payment_attempts_daily_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM tenant_daily_stats_bump(OLD.tenant_id, (OLD.created_at AT TIME ZONE 'UTC')::date, 'attempt', OLD.status, -1, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM tenant_daily_stats_bump(NEW.tenant_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 'attempt', NEW.status, 1, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_attempts_daily_stats_insert_delete
  AFTER INSERT OR DELETE ON payment_attempts
  FOR EACH ROW EXECUTE FUNCTION payment_attempts_daily_stats();
--> statement-breakpoint
CREATE TRIGGER payment_attempts_daily_stats_update
  AFTER UPDATE OF tenant_id, created_at, status ON payment_attempts
  FOR EACH ROW
  WHEN (ROW(OLD.tenant_id, OLD.created_at, OLD.status) IS DISTINCT FROM ROW(NEW.tenant_id, NEW.created_at, NEW.status))
  EXECUTE FUNCTION payment_attempts_daily_stats();
--> statement-breakpoint
INSERT INTO tenant_daily_stats (tenant_id, day, kind, key, n, amount)
SELECT tenant_id, (created_at AT TIME ZONE 'UTC')::date, 'deposit', currency_code, count(*), sum(amount)
  FROM customer_transactions WHERE transaction_type = 'deposit'
 GROUP BY 1, 2, 4;
--> statement-breakpoint
INSERT INTO tenant_daily_stats (tenant_id, day, kind, key, n, amount)
SELECT tenant_id, (created_at AT TIME ZONE 'UTC')::date, 'attempt', status, count(*), 0
  FROM payment_attempts
 GROUP BY 1, 2, 4;
