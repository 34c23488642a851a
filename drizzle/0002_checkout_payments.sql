CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"method" text NOT NULL,
	"network" text,
	"phone" text,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"provider_metadata" jsonb,
	"failure_code" text,
	"failure_message" text,
	"respond_by" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"attempt_id" uuid,
	"rail" text NOT NULL,
	"rail_reference" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branding" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text,
	"logo_url" text,
	"primary_color" text,
	"accepted_methods" text[],
	"success_redirect_url" text,
	"support_email" text,
	"support_phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branding" ADD CONSTRAINT "branding_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_checkout_idx" ON "payment_attempts" USING btree ("checkout_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_reference_unique" ON "payment_attempts" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_live_per_checkout" ON "payment_attempts" USING btree ("checkout_id") WHERE "payment_attempts"."status" in ('awaiting_transfer', 'claimed', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "collections_rail_reference_unique" ON "collections" USING btree ("rail","rail_reference");--> statement-breakpoint
CREATE INDEX "collections_checkout_idx" ON "collections" USING btree ("checkout_id");