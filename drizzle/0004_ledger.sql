CREATE TABLE "customer_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"transaction_type" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"settlement_status" text DEFAULT 'unsettled' NOT NULL,
	"settled_at" timestamp with time zone,
	"settlement_batch_id" uuid,
	"customer_email" text,
	"customer_name" text,
	"customer_phone" text,
	"checkout_session_id" uuid,
	"collection_id" uuid,
	"is_duplicate" boolean DEFAULT false NOT NULL,
	"payment_method" text,
	"payout_type" text,
	"recipient_name" text,
	"recipient_email" text,
	"recipient_phone" text,
	"payout_reason" text,
	"bank_account_number" text,
	"bank_routing_number" text,
	"bank_name" text,
	"account_holder_name" text,
	"mobile_number" text,
	"network_provider" text,
	"provider" text,
	"provider_reference" text,
	"provider_metadata" jsonb,
	"meta_data" jsonb,
	"refunds_transaction_id" uuid,
	"external_reference" text,
	"idempotency_key" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_transactions_type_check" CHECK ("customer_transactions"."transaction_type" in ('deposit', 'payout', 'refund')),
	CONSTRAINT "customer_transactions_status_check" CHECK ("customer_transactions"."status" in ('pending', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "customer_transactions_settlement_status_check" CHECK ("customer_transactions"."settlement_status" in ('unsettled', 'settled')),
	CONSTRAINT "customer_transactions_amount_positive" CHECK ("customer_transactions"."amount" > 0),
	CONSTRAINT "customer_transactions_fee_in_range" CHECK ("customer_transactions"."fee_amount" >= 0 and "customer_transactions"."fee_amount" <= "customer_transactions"."amount"),
	CONSTRAINT "customer_transactions_net_is_amount_minus_fee" CHECK ("customer_transactions"."net_amount" = "customer_transactions"."amount" - "customer_transactions"."fee_amount"),
	CONSTRAINT "customer_transactions_refunded_in_range" CHECK ("customer_transactions"."refunded_amount" >= 0 and "customer_transactions"."refunded_amount" <= "customer_transactions"."amount")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"customer_transaction_id" uuid,
	"settlement_batch_id" uuid,
	"conversion_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('deposit', 'settlement', 'refund', 'conversion', 'withdrawal', 'payout', 'reversal'))
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"account" text NOT NULL,
	"currency_code" text NOT NULL,
	"rail" text,
	"wallet_id" uuid,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"purpose" text NOT NULL,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_lines_amount_positive" CHECK ("ledger_lines"."amount" > 0),
	CONSTRAINT "ledger_lines_direction_check" CHECK ("ledger_lines"."direction" in ('debit', 'credit')),
	CONSTRAINT "ledger_lines_account_check" CHECK ("ledger_lines"."account" in ('rail_clearing', 'merchant_holding', 'merchant_available', 'fees', 'payouts_in_flight', 'fx_position')),
	CONSTRAINT "ledger_lines_wallet_accounts_have_wallet" CHECK (("ledger_lines"."account" in ('merchant_holding', 'merchant_available')) = ("ledger_lines"."wallet_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "settlement_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"transaction_count" integer NOT NULL,
	"gross_amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	"settled_amount" bigint NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"from_amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	"to_amount" bigint NOT NULL,
	"rate" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversion_quotes_amounts_positive" CHECK ("conversion_quotes"."from_amount" > 0 and "conversion_quotes"."to_amount" > 0 and "conversion_quotes"."fee_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"from_amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	"to_amount" bigint NOT NULL,
	"rate" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_settlement_batch_id_settlement_batches_id_fk" FOREIGN KEY ("settlement_batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_checkout_session_id_checkouts_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_refunds_transaction_id_customer_transactions_id_fk" FOREIGN KEY ("refunds_transaction_id") REFERENCES "public"."customer_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_quotes" ADD CONSTRAINT "conversion_quotes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_quote_id_conversion_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."conversion_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_transactions_merchant_created_idx" ON "customer_transactions" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_transactions_merchant_currency_idx" ON "customer_transactions" USING btree ("merchant_id","currency_code","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_transactions_merchant_type_idx" ON "customer_transactions" USING btree ("merchant_id","transaction_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_transactions_merchant_status_idx" ON "customer_transactions" USING btree ("merchant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_transactions_unsettled_idx" ON "customer_transactions" USING btree ("wallet_id","completed_at") WHERE "customer_transactions"."transaction_type" = 'deposit' and "customer_transactions"."status" = 'completed' and "customer_transactions"."settlement_status" = 'unsettled';--> statement-breakpoint
CREATE INDEX "customer_transactions_batch_idx" ON "customer_transactions" USING btree ("settlement_batch_id");--> statement-breakpoint
CREATE INDEX "customer_transactions_refunds_idx" ON "customer_transactions" USING btree ("refunds_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_transactions_checkout_deposit_unique" ON "customer_transactions" USING btree ("checkout_session_id") WHERE "customer_transactions"."transaction_type" = 'deposit' and not "customer_transactions"."is_duplicate";--> statement-breakpoint
CREATE UNIQUE INDEX "customer_transactions_collection_unique" ON "customer_transactions" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_merchant_idx" ON "ledger_entries" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_customer_transaction_idx" ON "ledger_entries" USING btree ("customer_transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_wallet_statement_idx" ON "ledger_lines" USING btree ("wallet_id","sequence" DESC NULLS LAST) WHERE "ledger_lines"."wallet_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_lines_merchant_statement_idx" ON "ledger_lines" USING btree ("merchant_id","sequence" DESC NULLS LAST) WHERE "ledger_lines"."wallet_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account","currency_code","merchant_id");--> statement-breakpoint
CREATE INDEX "settlement_batches_merchant_idx" ON "settlement_batches" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversion_quotes_merchant_idx" ON "conversion_quotes" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_quote_unique" ON "conversions" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_idempotency_key_unique" ON "conversions" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "conversions_merchant_created_idx" ON "conversions" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_status_check" CHECK ("wallets"."status" in ('active', 'frozen', 'suspended'));--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_settlement_hold_visibility_check" CHECK ("wallets"."settlement_hold_visibility" in ('merchant', 'internal'));