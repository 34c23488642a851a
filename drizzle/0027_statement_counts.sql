CREATE TABLE "wallet_statement_counts" (
	"tenant_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"purpose" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "wallet_statement_counts_tenant_id_currency_code_purpose_pk" PRIMARY KEY("tenant_id","currency_code","purpose")
);
--> statement-breakpoint
ALTER TABLE "wallet_statement_counts" ADD CONSTRAINT "wallet_statement_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- wallet_statement_counts, kept in the transaction of each ledger post: one upsert per (tenant,
-- currency, purpose) a statement inserted wallet lines for, in key order (two posts never lock the
-- counters in opposite orders). Ledger lines are append-only (0005), so inserts are all there is.
CREATE FUNCTION ledger_lines_statement_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_statement_counts (tenant_id, currency_code, purpose, n)
  SELECT tenant_id, currency_code, purpose, count(*)
    FROM new_lines WHERE wallet_id IS NOT NULL
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, currency_code, purpose) DO UPDATE SET n = wallet_statement_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_statement_counts
  AFTER INSERT ON ledger_lines REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_statement_counts();
--> statement-breakpoint
INSERT INTO wallet_statement_counts (tenant_id, currency_code, purpose, n)
SELECT tenant_id, currency_code, purpose, count(*)
  FROM ledger_lines WHERE wallet_id IS NOT NULL
 GROUP BY 1, 2, 3;
