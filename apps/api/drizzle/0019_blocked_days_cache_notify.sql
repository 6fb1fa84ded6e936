-- Read-cache invalidation across API processes (decision 011) for the calendar (issue 30): the
-- month's answer, kept per company and range, shows the branches' blocked time.
CREATE TRIGGER "blocked_days_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "blocked_days" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "blocked_days_cache_notify_truncate" AFTER TRUNCATE ON "blocked_days" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
