ALTER TABLE "payment_accounts" DROP CONSTRAINT "payment_accounts_details_match_type";--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_details_match_type" CHECK (("payment_accounts"."account_type" = 'bank_account' and "payment_accounts"."account_number" is not null and "payment_accounts"."bank_name" is not null and "payment_accounts"."account_holder_name" is not null)
          or ("payment_accounts"."account_type" = 'mobile_money' and "payment_accounts"."phone_number" is not null and "payment_accounts"."network_provider" in ('mtn_momo', 'mpesa', 'orange_money', 'vodafone_cash', 'airtel_money')));--> statement-breakpoint
-- The Ugandan shilling, where Airtel Money and MTN MoMo operate. ISO 4217 gives it no minor unit
-- (exponent 0): 5000 UGX is stored as 5000.
INSERT INTO "currencies" ("code", "name", "exponent") VALUES ('UGX', 'Ugandan shilling', 0)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- One wallet per currency for every tenant, test and live (lib/books/wallets/open-wallets.ts): open UGX's.
INSERT INTO "wallets" ("merchant_id", "tenant_id", "currency_id")
SELECT t."merchant_id", t."id", c."id" FROM "tenants" t CROSS JOIN "currencies" c WHERE c."code" = 'UGX'
ON CONFLICT ("tenant_id", "currency_id") DO NOTHING;
