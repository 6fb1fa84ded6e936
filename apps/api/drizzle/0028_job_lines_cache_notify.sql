-- Issue 30. The customer's orders list carries each move-day job's line (its state, bill so far,
-- changes to answer), read from job_events and job_changes beside order_jobs. A kept answer is
-- kept only while every table it read tells of its changes (decision 032), so these two tell too,
-- once per statement, as order_jobs does (migration 0021).
CREATE TRIGGER "job_events_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_events" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "job_changes_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_changes" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
