ALTER TABLE "sandbox_rail_requests" DROP CONSTRAINT "sandbox_rail_requests_kind_check";--> statement-breakpoint
ALTER TABLE "sandbox_rail_requests" ADD COLUMN "quoted_reference" text;--> statement-breakpoint
ALTER TABLE "sandbox_rail_requests" ADD CONSTRAINT "sandbox_rail_requests_kind_check" CHECK ("sandbox_rail_requests"."kind" in ('prompt', 'payout', 'account', 'transfer'));