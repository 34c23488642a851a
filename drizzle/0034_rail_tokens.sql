CREATE TABLE "rail_tokens" (
	"app" text PRIMARY KEY NOT NULL,
	"token" text,
	"usable_until" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
