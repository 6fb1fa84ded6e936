-- Read-cache invalidation across API processes (decision 011): any committed change to what the
-- cached reads show (sessions, users, companies, branches, orders and what an order card shows)
-- sends one NOTIFY on 'haulpro_cache'. PostgreSQL folds identical notifications of a transaction
-- into one and delivers them only after commit.
CREATE FUNCTION "haulpro_cache_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('haulpro_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "order_addresses_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_addresses" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "reschedule_requests_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reschedule_requests" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "reviews_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "review_replies_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review_replies" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "branches_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branches" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "companies_cache_notify" AFTER UPDATE OR DELETE OR TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
-- A new user or session changes nothing cached (misses are never cached); edits and deletions do.
CREATE TRIGGER "users_cache_notify" AFTER UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "sessions_cache_notify" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_cache_notify"();
