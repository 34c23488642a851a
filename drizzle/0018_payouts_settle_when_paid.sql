-- A payout's settlement_status said `settled` from the moment it was initiated, even when its money
-- never moved (pending, cancelled, failed). It is `settled` now only once the rail confirmed the
-- recipient was paid (completed), at that moment.
UPDATE "customer_transactions"
   SET "settlement_status" = 'unsettled', "settled_at" = NULL
 WHERE "transaction_type" = 'payout' AND "payout_status" IS DISTINCT FROM 'completed';--> statement-breakpoint
UPDATE "customer_transactions"
   SET "settled_at" = "completed_at"
 WHERE "transaction_type" = 'payout' AND "payout_status" = 'completed';
