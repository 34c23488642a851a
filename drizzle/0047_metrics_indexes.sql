-- IF NOT EXISTS: on a large table an operator can build these first with CREATE INDEX CONCURRENTLY
-- (docs/operations.md, "Schema changes under load"), and this migration then finds them there.
CREATE INDEX IF NOT EXISTS "payment_attempts_processing_idx" ON "payment_attempts" USING btree ("created_at") WHERE "payment_attempts"."status" = 'processing';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_transactions_payout_processing_idx" ON "customer_transactions" USING btree ("processing_at") WHERE "customer_transactions"."payout_status" = 'processing';