-- Expand only (docs/operations.md, "Schema changes under load"): a nullable column with no default
-- takes no rewrite, and the release before this one neither reads nor writes it.
ALTER TABLE "payment_attempts" ADD COLUMN "prompt_sent_at" timestamp with time zone;