CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "checkouts_search_trgm_idx" ON "checkouts" USING gin (("payment_reference" || chr(31) || "customer_email" || chr(31) || coalesce("customer_name", '') || chr(31) || coalesce("meta_data" ->> 'order_id', '')) gin_trgm_ops);
