CREATE TABLE "payout_callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"address" text NOT NULL,
	"body" jsonb NOT NULL,
	"digest" text NOT NULL,
	"question_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_callbacks_address_check" CHECK ("payout_callbacks"."address" in ('callback', 'status'))
);
--> statement-breakpoint
CREATE TABLE "payout_status_questions" (
	"transaction_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "payout_status_questions_transaction_id_question_id_pk" PRIMARY KEY("transaction_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "payout_callbacks" ADD CONSTRAINT "payout_callbacks_transaction_id_customer_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."customer_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_status_questions" ADD CONSTRAINT "payout_status_questions_transaction_id_customer_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."customer_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_callbacks_replay_unique" ON "payout_callbacks" USING btree ("transaction_id","address","digest");--> statement-breakpoint
CREATE INDEX "payout_callbacks_question_idx" ON "payout_callbacks" USING btree ("transaction_id","question_id") WHERE "payout_callbacks"."question_id" is not null;