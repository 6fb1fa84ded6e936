-- Read-cache invalidation across API processes (decisions 011 and 032) for the per-user polled
-- answers: the notifications bell, the labor user's delivery tabs and the customer's orders. Once
-- per statement (the payload is only the table's name), so a notice to a company's whole staff in
-- one INSERT tells the other processes once.
CREATE TRIGGER "notifications_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "labor_profiles_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "labor_profiles" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "order_jobs_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
