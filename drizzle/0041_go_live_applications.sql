CREATE TABLE "go_live_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"legal_name" text,
	"trading_name" text,
	"registration_number" text,
	"country" text,
	"business_address" text,
	"website" text,
	"business_description" text,
	"owner_name" text,
	"owner_email" text,
	"owner_phone" text,
	"settlement_currency_code" text,
	"settlement_account_type" text,
	"account_holder_name" text,
	"bank_name" text,
	"account_number" text,
	"phone_number" text,
	"network_provider" text,
	"decision_reason" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "go_live_applications_status_check" CHECK ("go_live_applications"."status" in ('draft', 'submitted', 'approved', 'rejected', 'more_info'))
);
--> statement-breakpoint
CREATE TABLE "go_live_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"user_id" uuid,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "go_live_decisions_decision_check" CHECK ("go_live_decisions"."decision" in ('submitted', 'approved', 'rejected', 'more_info'))
);
--> statement-breakpoint
CREATE TABLE "go_live_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "go_live_documents_kind_check" CHECK ("go_live_documents"."kind" in ('pdf', 'png', 'jpeg')),
	CONSTRAINT "go_live_documents_size_check" CHECK ("go_live_documents"."size_bytes" = octet_length("go_live_documents"."content"))
);
--> statement-breakpoint
ALTER TABLE "go_live_applications" ADD CONSTRAINT "go_live_applications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "go_live_decisions" ADD CONSTRAINT "go_live_decisions_application_id_go_live_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."go_live_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "go_live_decisions" ADD CONSTRAINT "go_live_decisions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "go_live_decisions" ADD CONSTRAINT "go_live_decisions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "go_live_documents" ADD CONSTRAINT "go_live_documents_application_id_go_live_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."go_live_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "go_live_documents" ADD CONSTRAINT "go_live_documents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "go_live_documents" ADD CONSTRAINT "go_live_documents_uploaded_by_auth_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "go_live_applications_merchant_unique" ON "go_live_applications" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "go_live_applications_status_idx" ON "go_live_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "go_live_decisions_application_idx" ON "go_live_decisions" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "go_live_documents_application_idx" ON "go_live_documents" USING btree ("application_id","created_at");