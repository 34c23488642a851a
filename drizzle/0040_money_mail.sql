CREATE TABLE "member_mail_preferences" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"payment_received" boolean NOT NULL,
	"payout_completed" boolean NOT NULL,
	"payout_failed" boolean NOT NULL,
	"action_needed" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "customer_locale" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "member_mail_preferences" ADD CONSTRAINT "member_mail_preferences_member_id_auth_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."auth_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_sourceKey_unique" UNIQUE("source_key");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_customer_locale_check" CHECK ("checkouts"."customer_locale" in ('en', 'fr'));