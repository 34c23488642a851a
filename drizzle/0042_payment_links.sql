CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"amount" bigint,
	"min_amount" bigint,
	"max_amount" bigint,
	"currency_code" text NOT NULL,
	"description" text NOT NULL,
	"collect_customer_email" boolean DEFAULT false NOT NULL,
	"ends_at" timestamp with time zone,
	"max_payments" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_slug_unique" UNIQUE("slug"),
	CONSTRAINT "payment_links_id_tenant_unique" UNIQUE("id","tenant_id"),
	CONSTRAINT "payment_links_amount_positive" CHECK ("payment_links"."amount" is null or "payment_links"."amount" > 0),
	CONSTRAINT "payment_links_bounds_only_when_open" CHECK ("payment_links"."amount" is null or ("payment_links"."min_amount" is null and "payment_links"."max_amount" is null)),
	CONSTRAINT "payment_links_min_positive" CHECK ("payment_links"."min_amount" is null or "payment_links"."min_amount" > 0),
	CONSTRAINT "payment_links_bounds_ordered" CHECK ("payment_links"."min_amount" is null or "payment_links"."max_amount" is null or "payment_links"."min_amount" <= "payment_links"."max_amount"),
	CONSTRAINT "payment_links_max_payments_positive" CHECK ("payment_links"."max_payments" is null or "payment_links"."max_payments" > 0),
	CONSTRAINT "payment_links_status_check" CHECK ("payment_links"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_link_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_tenant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."tenants"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_tenant_created_idx" ON "payment_links" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_payment_link_fk" FOREIGN KEY ("payment_link_id","tenant_id") REFERENCES "public"."payment_links"("id","tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_payment_link_idx" ON "checkouts" USING btree ("payment_link_id","created_at" DESC NULLS FIRST) WHERE "checkouts"."payment_link_id" is not null;