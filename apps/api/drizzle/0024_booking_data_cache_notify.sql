-- Read-cache invalidation across API processes (decisions 011 and 032) for the rest of what a
-- booking prices on: a branch's services and prices, its working days and its discounts. With
-- these, every table the booking's price reads is announced, so the booking keeps them per branch
-- and date until one changes (issue 30). Once per statement, like migration 0021.
CREATE TRIGGER "service_prices_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_prices" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "working_days_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "working_days" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "discounts_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discounts" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
