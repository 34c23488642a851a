-- Rate-limit counters are written on every merchant API request (one upsert per request). UNLOGGED:
-- no WAL, so the upsert's commit waits for no disk flush (measured: ~0.25 ms instead of 0.5–1.4 ms per
-- upsert on the embedded server). A crash empties the table, i.e. forgets at most the current minute's
-- counts; standbys do not get it, and nothing reads it there. fillfactor 70 leaves room on each page
-- for HOT updates of `hits`.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "rate_limit_counters" SET (fillfactor = 70);
