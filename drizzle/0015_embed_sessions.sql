CREATE TABLE "embed_session_checkouts" (
	"checkout_id" uuid PRIMARY KEY NOT NULL,
	"embed_session_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embed_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"public_token" text NOT NULL,
	"amount" bigint,
	"amounts" bigint[],
	"currency_code" text NOT NULL,
	"description" text,
	"button_label" text NOT NULL,
	"collect_customer_name" boolean DEFAULT false NOT NULL,
	"collect_customer_phone" boolean DEFAULT false NOT NULL,
	"meta_data" jsonb,
	"allowed_origins" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embed_sessions_publicToken_unique" UNIQUE("public_token"),
	CONSTRAINT "embed_sessions_one_amount_kind" CHECK (("embed_sessions"."amount" is null) <> ("embed_sessions"."amounts" is null)),
	CONSTRAINT "embed_sessions_amount_positive" CHECK ("embed_sessions"."amount" is null or "embed_sessions"."amount" > 0),
	CONSTRAINT "embed_sessions_amounts_valid" CHECK ("embed_sessions"."amounts" is null or (cardinality("embed_sessions"."amounts") between 1 and 10 and 0 < all("embed_sessions"."amounts"))),
	CONSTRAINT "embed_sessions_origins_count" CHECK (cardinality("embed_sessions"."allowed_origins") between 1 and 10),
	CONSTRAINT "embed_sessions_status_check" CHECK ("embed_sessions"."status" in ('active', 'disabled'))
);
--> statement-breakpoint
ALTER TABLE "embed_session_checkouts" ADD CONSTRAINT "embed_session_checkouts_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_session_checkouts" ADD CONSTRAINT "embed_session_checkouts_embed_session_id_embed_sessions_id_fk" FOREIGN KEY ("embed_session_id") REFERENCES "public"."embed_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_session_checkouts" ADD CONSTRAINT "embed_session_checkouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_sessions" ADD CONSTRAINT "embed_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embed_session_checkouts_session_idx" ON "embed_session_checkouts" USING btree ("embed_session_id");--> statement-breakpoint
CREATE INDEX "embed_sessions_merchant_created_idx" ON "embed_sessions" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);