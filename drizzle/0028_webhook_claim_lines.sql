DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_line_idx" ON "webhook_deliveries" USING btree ("endpoint_id","next_attempt_at","id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_claimed_idx" ON "webhook_deliveries" USING btree ("endpoint_id") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."claimed_by" is not null;