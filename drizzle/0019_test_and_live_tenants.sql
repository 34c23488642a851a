-- Test and live mode. Every merchant gets a test tenant, and every row it owns points at it (all
-- money so far is sandbox money); a live tenant is created when the operator enables live mode.
-- Owned rows carry (tenant_id, merchant_id) with a key to tenants(id, merchant_id), and ledger lines
-- carry their entry's and wallet's tenant, so no row names another merchant's tenant and no entry
-- crosses modes.
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_merchant_mode_unique" UNIQUE("merchant_id","mode"),
	CONSTRAINT "tenants_id_merchant_unique" UNIQUE("id","merchant_id"),
	CONSTRAINT "tenants_mode_check" CHECK ("tenants"."mode" in ('test', 'live'))
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "live_enabled_at" timestamp with time zone;
--> statement-breakpoint
INSERT INTO "tenants" ("merchant_id", "mode") SELECT "id", 'test' FROM "merchants";
--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "wallets" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "api_keys" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "checkouts" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "events" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "idempotency_keys" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "payment_attempts" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "collections" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer_transaction_counts" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "customer_transaction_counts" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "customer_transaction_counts" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "customer_transactions" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "customer_transactions" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "ledger_entries" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "ledger_lines" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "ledger_lines" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "settlement_batches" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "settlement_batches" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversion_quotes" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "conversion_quotes" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "conversion_quotes" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "conversions" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "conversions" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "payment_accounts" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "payment_accounts" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "webhook_attempts" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "webhook_deliveries" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "webhook_endpoints" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "embed_session_checkouts" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "embed_session_checkouts" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "embed_session_checkouts" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "embed_sessions" ADD COLUMN "tenant_id" uuid;
--> statement-breakpoint
UPDATE "embed_sessions" o SET "tenant_id" = t."id" FROM "tenants" t WHERE t."merchant_id" = o."merchant_id";
--> statement-breakpoint
ALTER TABLE "embed_sessions" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_merchant_currency_unique";
--> statement-breakpoint
DROP INDEX "wallets_merchant_idx";
--> statement-breakpoint
DROP INDEX "api_keys_merchant_idx";
--> statement-breakpoint
DROP INDEX "checkouts_merchant_created_idx";
--> statement-breakpoint
DROP INDEX "checkouts_merchant_email_idx";
--> statement-breakpoint
DROP INDEX "events_merchant_sequence_idx";
--> statement-breakpoint
DROP INDEX "customer_transactions_merchant_created_idx";
--> statement-breakpoint
DROP INDEX "customer_transactions_merchant_currency_idx";
--> statement-breakpoint
DROP INDEX "customer_transactions_merchant_type_idx";
--> statement-breakpoint
DROP INDEX "customer_transactions_merchant_status_idx";
--> statement-breakpoint
DROP INDEX "ledger_entries_merchant_idx";
--> statement-breakpoint
DROP INDEX "ledger_lines_merchant_statement_idx";
--> statement-breakpoint
DROP INDEX "settlement_batches_merchant_idx";
--> statement-breakpoint
DROP INDEX "conversion_quotes_merchant_idx";
--> statement-breakpoint
DROP INDEX "conversions_merchant_created_idx";
--> statement-breakpoint
DROP INDEX "payment_accounts_merchant_idx";
--> statement-breakpoint
DROP INDEX "webhook_endpoints_merchant_idx";
--> statement-breakpoint
DROP INDEX "embed_sessions_merchant_created_idx";
--> statement-breakpoint
DROP INDEX "customer_transactions_payout_history_idx";
--> statement-breakpoint
DROP INDEX "ledger_lines_account_idx";
--> statement-breakpoint
DROP INDEX "conversions_idempotency_key_unique";
--> statement-breakpoint
DROP INDEX "payment_accounts_one_primary_per_currency";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_merchant_id_key_pk";
--> statement-breakpoint
ALTER TABLE "customer_transaction_counts" DROP CONSTRAINT "customer_transaction_counts_merchant_id_currency_code_transaction_type_status_pk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_id_key_pk" PRIMARY KEY("tenant_id","key");
--> statement-breakpoint
ALTER TABLE "customer_transaction_counts" ADD CONSTRAINT "customer_transaction_counts_tenant_id_currency_code_transaction_type_status_pk" PRIMARY KEY("tenant_id","currency_code","transaction_type","status");
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_tenant_currency_unique" UNIQUE("tenant_id","currency_id");
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_id_tenant_unique" UNIQUE("id","tenant_id");
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_id_tenant_unique" UNIQUE("id","tenant_id");
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_transaction_counts" ADD CONSTRAINT "customer_transaction_counts_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_tenant_fk" FOREIGN KEY ("entry_id","tenant_id") REFERENCES "public"."ledger_entries"("id","tenant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_wallet_tenant_fk" FOREIGN KEY ("wallet_id","tenant_id") REFERENCES "public"."wallets"("id","tenant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversion_quotes" ADD CONSTRAINT "conversion_quotes_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "embed_session_checkouts" ADD CONSTRAINT "embed_session_checkouts_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "embed_sessions" ADD CONSTRAINT "embed_sessions_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "wallets_tenant_idx" ON "wallets" USING btree ("tenant_id");
--> statement-breakpoint
CREATE INDEX "api_keys_tenant_idx" ON "api_keys" USING btree ("tenant_id","created_at");
--> statement-breakpoint
CREATE INDEX "checkouts_tenant_created_idx" ON "checkouts" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "checkouts_tenant_email_idx" ON "checkouts" USING btree ("tenant_id",lower("customer_email"),"created_at" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "events_tenant_sequence_idx" ON "events" USING btree ("tenant_id","sequence");
--> statement-breakpoint
CREATE INDEX "customer_transactions_tenant_created_idx" ON "customer_transactions" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "customer_transactions_tenant_currency_idx" ON "customer_transactions" USING btree ("tenant_id","currency_code","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "customer_transactions_tenant_type_idx" ON "customer_transactions" USING btree ("tenant_id","transaction_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "customer_transactions_tenant_status_idx" ON "customer_transactions" USING btree ("tenant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "ledger_entries_tenant_idx" ON "ledger_entries" USING btree ("tenant_id","created_at");
--> statement-breakpoint
CREATE INDEX "ledger_lines_tenant_statement_idx" ON "ledger_lines" USING btree ("tenant_id","sequence" DESC NULLS FIRST) WHERE "ledger_lines"."wallet_id" is not null;
--> statement-breakpoint
CREATE INDEX "settlement_batches_tenant_idx" ON "settlement_batches" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "conversion_quotes_tenant_idx" ON "conversion_quotes" USING btree ("tenant_id");
--> statement-breakpoint
CREATE INDEX "conversions_tenant_created_idx" ON "conversions" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "payment_accounts_tenant_idx" ON "payment_accounts" USING btree ("tenant_id","currency_code","created_at");
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_tenant_idx" ON "webhook_endpoints" USING btree ("tenant_id") WHERE "webhook_endpoints"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "embed_sessions_tenant_created_idx" ON "embed_sessions" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "customer_transactions_payout_history_idx" ON "customer_transactions" USING btree ("tenant_id","payout_kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "customer_transactions"."payout_kind" is not null;
--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account","currency_code","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_idempotency_key_unique" ON "conversions" USING btree ("tenant_id","idempotency_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_one_primary_per_currency" ON "payment_accounts" USING btree ("tenant_id","currency_code") WHERE "payment_accounts"."is_primary" and "payment_accounts"."deleted_at" is null;
--> statement-breakpoint
-- Events fan out to the webhook endpoints of their own tenant only: a test event never reaches a live endpoint.
CREATE OR REPLACE FUNCTION events_fan_out_to_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fanned integer;
BEGIN
  INSERT INTO webhook_deliveries (merchant_id, tenant_id, endpoint_id, event_id)
  SELECT e.merchant_id, e.tenant_id, w.id, e.id
    FROM new_events e
    JOIN webhook_endpoints w ON w.tenant_id = e.tenant_id AND w.deleted_at IS NULL
   WHERE CASE
           WHEN e.webhook_endpoint_id IS NOT NULL THEN w.id = e.webhook_endpoint_id
           ELSE w.enabled AND w.event_types && ARRAY['*', e.event_type]
         END
     FOR KEY SHARE OF w;
  GET DIAGNOSTICS fanned = ROW_COUNT;
  IF fanned > 0 THEN
    PERFORM pg_notify('webhook_deliveries', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Transaction counts are kept per tenant (the listing's `total` counts one mode).
DROP TRIGGER customer_transactions_count_update ON customer_transactions;
--> statement-breakpoint
DROP TRIGGER customer_transactions_count_insert_delete ON customer_transactions;
--> statement-breakpoint
DROP FUNCTION customer_transactions_count();
--> statement-breakpoint
DROP FUNCTION customer_transaction_counts_bump(uuid, text, text, text, bigint);
--> statement-breakpoint
CREATE FUNCTION customer_transaction_counts_bump(m uuid, tn uuid, c text, t text, s text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO customer_transaction_counts (merchant_id, tenant_id, currency_code, transaction_type, status, n)
  VALUES (m, tn, c, t, s, delta)
  ON CONFLICT (tenant_id, currency_code, transaction_type, status) DO UPDATE SET n = customer_transaction_counts.n + delta;
$$;
--> statement-breakpoint
CREATE FUNCTION customer_transactions_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM customer_transaction_counts_bump(OLD.merchant_id, OLD.tenant_id, OLD.currency_code, OLD.transaction_type, OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM customer_transaction_counts_bump(NEW.merchant_id, NEW.tenant_id, NEW.currency_code, NEW.transaction_type, NEW.status, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_transactions_count_insert_delete
  AFTER INSERT OR DELETE ON customer_transactions
  FOR EACH ROW EXECUTE FUNCTION customer_transactions_count();
--> statement-breakpoint
CREATE TRIGGER customer_transactions_count_update
  AFTER UPDATE OF tenant_id, currency_code, transaction_type, status ON customer_transactions
  FOR EACH ROW
  WHEN (ROW(OLD.tenant_id, OLD.currency_code, OLD.transaction_type, OLD.status)
        IS DISTINCT FROM ROW(NEW.tenant_id, NEW.currency_code, NEW.transaction_type, NEW.status))
  EXECUTE FUNCTION customer_transactions_count();
