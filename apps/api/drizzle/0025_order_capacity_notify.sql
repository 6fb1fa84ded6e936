-- Read-cache invalidation across API processes for the part of `orders` that limits what a
-- branch's team can take (decision 036): the helper list keeps each branch's capacity until it
-- changes, instead of until any order changes, so accepting orders no longer empties it. An
-- order placed or deleted changes it; an update changes it when its status starts or stops
-- holding people, or its branch, date, window, hours, crew or trucks change. The statuses that
-- hold people are HOLDING_STATUSES (domain/capacity.ts: 0 Waiting For Payment, 1 New,
-- 2 Accepted, 6 Being Rescheduled, 7 Being Completed); capacity-notify.test.ts holds the two to
-- the same list. The notice names 'order_capacity', which is not a table (db/client.ts).
CREATE FUNCTION "haulpro_order_capacity_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('haulpro_cache', 'order_capacity');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_capacity_cache_notify" AFTER INSERT OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "haulpro_order_capacity_notify"();
--> statement-breakpoint
CREATE TRIGGER "order_capacity_cache_notify_update" AFTER UPDATE ON "orders" FOR EACH ROW WHEN (
  (OLD."status" IN (0, 1, 2, 6, 7)) IS DISTINCT FROM (NEW."status" IN (0, 1, 2, 6, 7))
  OR OLD."branch_id" IS DISTINCT FROM NEW."branch_id"
  OR OLD."arrival_date" IS DISTINCT FROM NEW."arrival_date"
  OR OLD."arrival_time" IS DISTINCT FROM NEW."arrival_time"
  OR OLD."hours_count" IS DISTINCT FROM NEW."hours_count"
  OR OLD."helpers_count" IS DISTINCT FROM NEW."helpers_count"
  OR OLD."truck_number" IS DISTINCT FROM NEW."truck_number"
) EXECUTE FUNCTION "haulpro_order_capacity_notify"();
--> statement-breakpoint
CREATE TRIGGER "order_capacity_cache_notify_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_order_capacity_notify"();
