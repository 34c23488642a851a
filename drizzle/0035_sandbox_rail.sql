CREATE TABLE "sandbox_rail_requests" (
	"reference" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "sandbox_rail_requests_subjectId_unique" UNIQUE("subject_id"),
	CONSTRAINT "sandbox_rail_requests_kind_check" CHECK ("sandbox_rail_requests"."kind" in ('prompt', 'payout')),
	CONSTRAINT "sandbox_rail_requests_status_check" CHECK ("sandbox_rail_requests"."status" in ('pending', 'succeeded', 'failed'))
);
