CREATE TABLE "payment_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"currency_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"account_type" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"account_number" text,
	"bank_name" text,
	"bank_routing_number" text,
	"account_holder_name" text,
	"phone_number" text,
	"network_provider" text,
	"provider_metadata" jsonb,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_type_check" CHECK ("payment_accounts"."account_type" in ('bank_account', 'mobile_money')),
	CONSTRAINT "payment_accounts_status_check" CHECK ("payment_accounts"."status" in ('active', 'inactive', 'suspended')),
	CONSTRAINT "payment_accounts_details_match_type" CHECK (("payment_accounts"."account_type" = 'bank_account' and "payment_accounts"."account_number" is not null and "payment_accounts"."bank_name" is not null and "payment_accounts"."account_holder_name" is not null)
          or ("payment_accounts"."account_type" = 'mobile_money' and "payment_accounts"."phone_number" is not null and "payment_accounts"."network_provider" in ('mtn_momo', 'mpesa', 'orange_money', 'vodafone_cash')))
);
--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD COLUMN "payout_kind" text;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD COLUMN "payout_status" text;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD COLUMN "payment_account_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD COLUMN "processing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_one_primary_per_currency" ON "payment_accounts" USING btree ("merchant_id","currency_code") WHERE "payment_accounts"."is_primary" and "payment_accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payment_accounts_merchant_idx" ON "payment_accounts" USING btree ("merchant_id","currency_code","created_at");--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_transactions_payout_history_idx" ON "customer_transactions" USING btree ("merchant_id","payout_kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "customer_transactions"."payout_kind" is not null;--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_payout_status_check" CHECK ("customer_transactions"."payout_status" in ('pending', 'processing', 'completed', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_payout_kind_check" CHECK ("customer_transactions"."payout_kind" in ('withdrawal', 'payout'));