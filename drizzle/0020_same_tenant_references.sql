-- References between owned rows stay in one tenant: a deposit lands only in a wallet of its own
-- mode, an attempt or a collection belongs only to a checkout of its own mode.
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_id_tenant_unique" UNIQUE("id","tenant_id");
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_checkout_tenant_fk" FOREIGN KEY ("checkout_id","tenant_id") REFERENCES "public"."checkouts"("id","tenant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_checkout_tenant_fk" FOREIGN KEY ("checkout_id","tenant_id") REFERENCES "public"."checkouts"("id","tenant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_wallet_tenant_fk" FOREIGN KEY ("wallet_id","tenant_id") REFERENCES "public"."wallets"("id","tenant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_transactions" ADD CONSTRAINT "customer_transactions_checkout_tenant_fk" FOREIGN KEY ("checkout_session_id","tenant_id") REFERENCES "public"."checkouts"("id","tenant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_wallet_tenant_fk" FOREIGN KEY ("wallet_id","tenant_id") REFERENCES "public"."wallets"("id","tenant_id") ON DELETE no action ON UPDATE no action;
