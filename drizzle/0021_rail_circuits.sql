CREATE TABLE "rail_circuits" (
	"rail" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'closed' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rail_circuits_state_check" CHECK ("rail_circuits"."state" in ('closed', 'open'))
);
