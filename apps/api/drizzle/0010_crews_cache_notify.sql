-- Read-cache invalidation across API processes (decision 011) for what issue 14 added to cached
-- reads: an order card shows its crew (order_crews, and the members' names and pictures in crews),
-- and a team's size limits what the helper list offers (crews, decision 019).
CREATE TRIGGER "crews_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "crews" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "crews_cache_notify_truncate" AFTER TRUNCATE ON "crews" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "order_crews_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "order_crews" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "order_crews_cache_notify_truncate" AFTER TRUNCATE ON "order_crews" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
