-- Read-cache invalidation across API processes (decision 011): a committed change to what the
-- cached reads show (sessions, users, companies, branches, orders and what an order card shows)
-- sends a NOTIFY on 'haulpro_cache'. Row triggers, so a statement that changes no row (a job
-- finding nothing to do) notifies nobody; PostgreSQL folds the identical notifications of a
-- transaction into one and delivers it only after commit. A new user, company or session changes
-- nothing cached (misses are never cached), so those tables notify on update and delete only.
CREATE FUNCTION "haulpro_cache_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('haulpro_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "orders_cache_notify_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "order_addresses_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "order_addresses" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "order_addresses_cache_notify_truncate" AFTER TRUNCATE ON "order_addresses" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "reschedule_requests_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "reschedule_requests" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "reschedule_requests_cache_notify_truncate" AFTER TRUNCATE ON "reschedule_requests" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "reviews_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "reviews" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "reviews_cache_notify_truncate" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "review_replies_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "review_replies" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "review_replies_cache_notify_truncate" AFTER TRUNCATE ON "review_replies" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "branches_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "branches" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "branches_cache_notify_truncate" AFTER TRUNCATE ON "branches" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "companies_cache_notify" AFTER UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "companies_cache_notify_truncate" AFTER TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_cache_notify" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_cache_notify_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "sessions_cache_notify" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "sessions_cache_notify_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
