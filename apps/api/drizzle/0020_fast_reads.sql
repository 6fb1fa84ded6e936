DROP INDEX "deliveries_customer_created_idx";--> statement-breakpoint
DROP INDEX "orders_customer_created_idx";--> statement-breakpoint
DROP INDEX "deliveries_status_deadline_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
CREATE INDEX "deliveries_customer_archived_created_idx" ON "deliveries" USING btree ("customer_id","archived_by_customer","created_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_open_id_deadline_idx" ON "deliveries" USING btree ("id","bidding_deadline") WHERE "deliveries"."status" = 1;--> statement-breakpoint
CREATE INDEX "delivery_bidders_labor_live_idx" ON "delivery_bidders" USING btree ("labor_user_id","delivery_id") WHERE not "delivery_bidders"."rejected";--> statement-breakpoint
CREATE INDEX "delivery_bidders_company_live_idx" ON "delivery_bidders" USING btree ("company_id","delivery_id") WHERE not "delivery_bidders"."rejected";--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "orders_customer_archived_created_idx" ON "orders" USING btree ("customer_id","archived_by_customer","created_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_status_deadline_idx" ON "deliveries" USING btree ("status","bidding_deadline","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");
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
