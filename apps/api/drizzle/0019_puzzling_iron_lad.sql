DROP INDEX "deliveries_customer_created_idx";--> statement-breakpoint
DROP INDEX "orders_customer_created_idx";--> statement-breakpoint
DROP INDEX "deliveries_status_deadline_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
CREATE INDEX "deliveries_customer_archived_created_idx" ON "deliveries" USING btree ("customer_id","archived_by_customer","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "orders_customer_archived_created_idx" ON "orders" USING btree ("customer_id","archived_by_customer","created_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_status_deadline_idx" ON "deliveries" USING btree ("status","bidding_deadline","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");