DROP INDEX "go_live_applications_merchant_unique";--> statement-breakpoint
ALTER TABLE "go_live_applications" ADD COLUMN "previous_application_id" uuid;--> statement-breakpoint
ALTER TABLE "go_live_applications" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "go_live_applications" ADD CONSTRAINT "go_live_applications_previous_application_id_go_live_applications_id_fk" FOREIGN KEY ("previous_application_id") REFERENCES "public"."go_live_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "go_live_applications_history_idx" ON "go_live_applications" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "go_live_applications_merchant_unique" ON "go_live_applications" USING btree ("merchant_id") WHERE "go_live_applications"."superseded_at" is null;--> statement-breakpoint
ALTER TABLE "go_live_applications" ADD CONSTRAINT "go_live_applications_superseded_rejected" CHECK ("go_live_applications"."superseded_at" is null or "go_live_applications"."status" = 'rejected');