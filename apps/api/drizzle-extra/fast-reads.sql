-- fast-reads (issue 30): the company's delivery tabs are cached like its orders (decision 011), so
-- a committed change to what a delivery card shows (the delivery, who may bid on it and whether
-- they rejected it, its items and photos, its payout submission) notifies the other API processes
-- on 'haulpro_cache', as migration 0005 does for the orders' tables.
--> statement-breakpoint
CREATE TRIGGER "deliveries_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "deliveries" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "deliveries_cache_notify_truncate" AFTER TRUNCATE ON "deliveries" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "delivery_bidders_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "delivery_bidders" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "delivery_bidders_cache_notify_truncate" AFTER TRUNCATE ON "delivery_bidders" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "delivery_items_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "delivery_items" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "delivery_items_cache_notify_truncate" AFTER TRUNCATE ON "delivery_items" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "delivery_images_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "delivery_images" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "delivery_images_cache_notify_truncate" AFTER TRUNCATE ON "delivery_images" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "payout_submissions_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "payout_submissions" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "payout_submissions_cache_notify_truncate" AFTER TRUNCATE ON "payout_submissions" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
