CREATE TABLE "customer_transaction_counts" (
	"merchant_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"transaction_type" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "customer_transaction_counts_merchant_id_currency_code_transaction_type_status_pk" PRIMARY KEY("merchant_id","currency_code","transaction_type","status")
);
--> statement-breakpoint
ALTER TABLE "customer_transaction_counts" ADD CONSTRAINT "customer_transaction_counts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;