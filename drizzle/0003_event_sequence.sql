DROP INDEX "events_merchant_created_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sequence" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "events_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "events_merchant_sequence_idx" ON "events" USING btree ("merchant_id","sequence");